/**
 * The bulk-action dialog (issue 16): the count before the user confirms, progress while the one
 * request runs (determinate when the handler reports it), and the result: what was done, what
 * was refused and why. It cannot be closed while the action runs.
 */
import { FormEngine } from '@/core/forms';
import { formatFigure } from '@/core/format';
import { Modal } from '@/core/ui/modal';
import { useDataTableContext } from './context';
import { selectionCount } from './use-bulk-action';
import { TABLE_TEXT } from './texts';

export function BulkDialog() {
  const { bulkState: state, confirmBulk, closeBulk } = useDataTableContext();
  if (state.step === 'closed') return null;
  const { action } = state;
  const closeButton = (
    <button type="button" className="btn btn-primary" onClick={closeBulk}>
      Close
    </button>
  );
  let body: React.ReactNode;
  let footer: React.ReactNode = null;
  switch (state.step) {
    case 'confirm': {
      const count = selectionCount(state.selection);
      const isEstimate = state.selection.kind === 'matching' && state.selection.countIsEstimate;
      const { input } = action;
      const question = (
        <p className={input ? undefined : 'mb-0'}>
          {action.confirmText?.(count, isEstimate) ??
            TABLE_TEXT.bulkQuestion(action.label, count, isEstimate)}
        </p>
      );
      if (input) {
        // The action's own fields (a new expiry); its submit button runs the action, after the
        // review of what it will do where the action has one.
        const review = input.review;
        body = (
          <>
            {question}
            <FormEngine
              settings={input.settings}
              defaultValues={input.defaultValues}
              submitLabel={action.label}
              onCancel={closeBulk}
              review={review && ((values) => review(count, isEstimate, values))}
              onSubmit={(values) => confirmBulk(input.toParams(values))}
            />
          </>
        );
        break;
      }
      body = question;
      footer = (
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={closeBulk}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${action.danger ? 'btn-danger' : 'btn-primary'}`}
            onClick={() => confirmBulk()}
          >
            {action.label}
          </button>
        </>
      );
      break;
    }
    case 'running': {
      const determinate = state.done !== null && state.total !== null && state.total > 0;
      body = (
        <>
          <p>{TABLE_TEXT.bulkRunning(state.count)}</p>
          <div
            className="progress"
            role="progressbar"
            aria-label={`${action.label} in progress`}
            aria-valuemin={0}
            aria-valuemax={determinate ? (state.total ?? 0) : undefined}
            aria-valuenow={determinate ? (state.done ?? 0) : undefined}
          >
            <div
              className={`progress-bar${determinate ? '' : ' progress-bar-striped progress-bar-animated'}`}
              style={{
                width: determinate ? `${((state.done ?? 0) / (state.total ?? 1)) * 100}%` : '100%',
              }}
            />
          </div>
        </>
      );
      break;
    }
    case 'result': {
      const { done, refused, reasons } = state.result;
      body = (
        <div role="status">
          <p className="mb-1">{TABLE_TEXT.bulkDone(done)}</p>
          <p className="mb-1">{TABLE_TEXT.bulkRefused(refused)}</p>
          {reasons && reasons.length > 0 && (
            <ul className="mb-0">
              {reasons.map((reason) => (
                <li key={reason.reason}>
                  {formatFigure(reason.count)}: {reason.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      );
      footer = closeButton;
      break;
    }
    case 'failed':
      body = (
        <p className="text-danger mb-0" role="alert">
          {state.message}
        </p>
      );
      footer = closeButton;
      break;
  }
  return (
    <Modal open onClose={closeBulk} title={action.label} footer={footer}>
      {body}
    </Modal>
  );
}
