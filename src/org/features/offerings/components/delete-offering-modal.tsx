import type { Offering } from '@/contract/crm/offerings';
import { ConfirmModal } from '@/core/ui/confirm-modal';
import { useDeleteOffering } from '@/org/entities/offerings/mutations';

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
    <ConfirmModal
      title={`Delete ${kind}`}
      confirmLabel="Delete"
      onClose={onClose}
      onConfirm={async () => {
        await remove.mutateAsync(offering);
        onDeleted?.();
      }}
    >
      <p className="mb-0">
        Delete the {kind} &lsquo;{offering.name}&rsquo;? This cannot be undone. An offering that
        subscriptions or licences use cannot be deleted.
      </p>
    </ConfirmModal>
  );
}
