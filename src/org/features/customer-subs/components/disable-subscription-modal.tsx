import type { Subscription } from '@/contract/crm/subscriptions';
import { Modal } from '@/core/ui/modal';
import { useDisableSubscription } from '../api/disable-subscription';

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
    <Modal
      open
      onClose={onClose}
      title="Disable subscription"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={disable.isPending}
            onClick={() => disable.mutate(subscription, { onSuccess: onClose })}
          >
            Disable
          </button>
        </>
      }
    >
      <p className="mb-0">
        Disable &lsquo;{subscription.name}&rsquo; of {subscription.subscriberOrg.name}? Its active
        licences are suspended. A disabled subscription cannot be enabled again.
      </p>
    </Modal>
  );
}
