import type { Subscription } from '@/contract/crm/subscriptions';
import { ConfirmModal } from '@/core/ui/confirm-modal';
import { useDisableSubscription } from '@/org/entities/subscriptions/issued';

/** DISABLE after confirmation: the subscription stays listed, its active licences are suspended. */
export function DisableSubscriptionModal({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const disable = useDisableSubscription();
  return (
    <ConfirmModal
      title="Disable subscription"
      confirmLabel="Disable"
      onClose={onClose}
      onConfirm={() => disable.mutateAsync(subscription)}
    >
      <p className="mb-0">
        Disable &lsquo;{subscription.name}&rsquo; of {subscription.subscriberOrg.name}? Its active
        licences are suspended. A disabled subscription cannot be enabled again.
      </p>
    </ConfirmModal>
  );
}
