import { notify } from '@/core/notify';
import { getOrgHref } from '@/core/routes';

/**
 * The address a new customer registers at for this offering (a 30-day trial once finished): the
 * way to a first sale to an organisation that is not a customer yet (docs/org-portal.md).
 */
export function RegistrationLink({ offeringId }: { offeringId: number }) {
  const href = `${window.location.origin}${getOrgHref('subscriptionRegister')}?offering=${offeringId}`;
  const id = `registration-link-${offeringId}`;
  return (
    <div className="input-group input-group-sm">
      <input
        id={id}
        className="form-control"
        readOnly
        value={href}
        aria-label="Registration link"
        onFocus={(e) => e.currentTarget.select()}
      />
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-label="Copy the registration link"
        onClick={() => {
          navigator.clipboard
            .writeText(href)
            .then(() => notify.success('Registration link copied'))
            .catch(() => notify.error('Could not copy: select the link and copy it'));
        }}
      >
        Copy
      </button>
    </div>
  );
}
