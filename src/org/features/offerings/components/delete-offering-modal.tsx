import type { Offering } from '@/contract/crm/offerings';
import { Modal } from '@/core/ui/modal';
import { useDeleteOffering } from '../api/delete-offering';

export interface DeleteOfferingModalProps {
  offering: Offering;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Delete with confirmation; the server refuses while subscriptions or licences use it (toast). */
export function DeleteOfferingModal({ offering, onClose, onDeleted }: DeleteOfferingModalProps) {
  const remove = useDeleteOffering();
  const kind = offering.type === 'product' ? 'product' : 'service';
  return (
    <Modal
      open
      onClose={onClose}
      title={`Delete ${kind}`}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={remove.isPending}
            onClick={() => {
              remove.mutate(offering, {
                onSuccess: () => {
                  onClose();
                  onDeleted?.();
                },
              });
            }}
          >
            Delete
          </button>
        </>
      }
    >
      <p className="mb-0">
        Delete the {kind} &lsquo;{offering.name}&rsquo;? This cannot be undone. An offering that
        subscriptions or licences use cannot be deleted.
      </p>
    </Modal>
  );
}
