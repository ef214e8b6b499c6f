import { useState, type ReactNode } from 'react';
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

/** A destructive step asks first; the button waits while the call runs. */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  confirmClassName = 'btn btn-danger',
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
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
              onConfirm()
                .then(onClose)
                .catch((e: unknown) => {
                  console.error(e);
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
    </Modal>
  );
}
