/**
 * A running export's progress (issue 16): a labelled progress bar counting the rows written of
 * the total, and Cancel (stops the reading; nothing is saved). A failed export says why.
 */
import { useDataTableContext } from './context';
import { TABLE_TEXT } from './texts';

export function ExportStatus() {
  const { exportState, cancelExport, dismissExportError, columnSettings } = useDataTableContext();
  if (exportState.status === 'failed') {
    return (
      <div
        className="alert alert-danger d-flex align-items-center gap-2 w-100 py-2 mb-0"
        role="alert"
      >
        <span className="me-auto">{exportState.message}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          onClick={dismissExportError}
        >
          Dismiss
        </button>
      </div>
    );
  }
  if (exportState.status !== 'running') return null;
  const { written, total, totalIsEstimate } = exportState;
  const label = TABLE_TEXT.exporting(columnSettings.entity);
  const text = TABLE_TEXT.exportProgress(written, total, totalIsEstimate);
  const percent = total > 0 ? Math.min(100, (written / total) * 100) : 0;
  return (
    <div className="dt-export d-flex align-items-center gap-2 w-100">
      <div
        className="progress flex-grow-1"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(written, total)}
        aria-valuetext={text}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="small text-body-secondary text-nowrap" aria-hidden="true">
        {text}
      </span>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={cancelExport}>
        Cancel
      </button>
    </div>
  );
}
