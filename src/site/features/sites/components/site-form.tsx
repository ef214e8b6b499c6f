import type { Site, SiteInput, SiteSubscription } from '@/contract/data/sites';
import { siteInputSchema } from '@/contract/data/sites';
import { formatDate } from '@/core/format';
import { FormModal, type FormSettings, type FormValues, withContractLimits } from '@/core/forms';
import { useSiteSubscriptions } from '@/site/entities/sites/api';

/** The subscription dropdown: name, vendor and end date; disabled ones say so. */
export const subscriptionItems = (subs: readonly SiteSubscription[]) =>
  subs.map((s) => ({
    id: s.id,
    label: `${s.name} (${s.vendorOrgName}${s.endDate ? `, until ${formatDate(s.endDate)}` : ''})${s.isDisabled ? ' — disabled' : ''}`,
  }));

/** Create and edit share these settings. */
export function siteFormSettings(subs: readonly SiteSubscription[]): FormSettings {
  return withContractLimits(siteInputSchema, {
    rows: [
      [
        {
          field: 'name',
          type: 'string',
          title: 'Name',
          isMandatory: true,
          placeholder: 'Enter Name',
        },
        { field: 'location', type: 'string', title: 'Location' },
      ],
      [{ field: 'description', type: 'textArea', title: 'Description', rows: 2 }],
      [
        {
          field: 'subscriptionId',
          type: 'dropdown',
          title: 'Subscription',
          tooltip: 'A subscription the organization holds; the site uses it',
          dropdownData: subscriptionItems(subs),
        },
      ],
    ],
  });
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Form values → the contract's input (-1, the empty option, means no subscription). */
export function toSiteInput(values: FormValues): SiteInput {
  const sub = Number(values.subscriptionId);
  return {
    name: text(values.name) ?? '',
    description: text(values.description),
    location: text(values.location),
    subscriptionId: Number.isInteger(sub) && sub > 0 ? sub : null,
  };
}

export interface SiteModalProps {
  /** The organisation the site belongs to (its subscriptions are offered). */
  orgId: number;
  site: Site | null;
  onSubmit: (values: FormValues) => Promise<void>;
  onClose: () => void;
}

/** Create or edit a site (FormEngine; server field errors under the fields). */
export function SiteModal({ orgId, site, onSubmit, onClose }: SiteModalProps) {
  const subs = useSiteSubscriptions(orgId);
  const defaults: FormValues = site
    ? {
        name: site.name,
        location: site.location ?? '',
        description: site.description ?? '',
        subscriptionId: site.subscriptionId ?? -1,
      }
    : { name: '', location: '', description: '', subscriptionId: -1 };
  return (
    <FormModal
      onClose={onClose}
      size="lg"
      title={site ? `Edit ${site.name}` : 'Create a site'}
      pending={subs.isPending ? <p role="status">Loading subscriptions…</p> : null}
      settings={siteFormSettings(subs.data ?? [])}
      defaultValues={defaults}
      submitLabel={site ? 'Save' : 'Create'}
      onSubmit={onSubmit}
    />
  );
}
