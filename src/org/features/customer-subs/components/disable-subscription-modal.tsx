import { useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@/contract/crm/subscriptions';
import { ConfirmModal } from '@/core/ui/confirm-modal';
import { licenceKeys } from '@/org/entities/licences/keys';
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
  const queryClient = useQueryClient();
  return (
    <ConfirmModal
      title="Disable subscription"
      confirmLabel="Disable"
      onClose={onClose}
      onConfirm={async () => {
        await disable.mutateAsync(subscription);
        // Its licences were suspended with it: the lists that show them read them again.
        await Promise.all(
          [licenceKeys.issued, licenceKeys.held].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        );
      }}
    >
      <p className="mb-0">
        Disable &lsquo;{subscription.name}&rsquo; of {subscription.subscriberOrg.name}? Its active
        licences are suspended. A disabled subscription cannot be enabled again.
      </p>
    </ConfirmModal>
  );
}
