import { useState, type ReactNode } from 'react';
import { DEFAULT_ERROR_MESSAGE, isApiError, showingInPlace } from '@/core/api';
import { Modal } from '@/core/ui/modal';

export interface ConfirmModalProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's style (default: a red, destructive button). */
  confirmClassName?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * A destructive step asks first; the button waits while the call runs. A refusal (the record is
 * in use, say) is shown in the dialog, which stays open with what it asked, and not again in a
 * toast.
 */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  confirmClassName = 'btn btn-danger',
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={confirmClassName}
            disabled={busy}
            onClick={() => {
              setBusy(true);
              setFailure(null);
              onConfirm()
                .then(onClose)
                .catch((e: unknown) => {
                  if (!isApiError(e)) console.error(e);
                  setFailure(isApiError(e) ? e.message : DEFAULT_ERROR_MESSAGE);
                  showingInPlace(e);
                  setBusy(false);
                });
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {failure ? (
        <div role="alert" className="alert alert-danger mt-3 mb-0 text-break">
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
