import { useState } from 'react';
import type { Site } from '@/contract/data/sites';
import { siteInputSchema } from '@/contract/data/sites';
import { FormModal, type FormSettings, type FormValues, withContractLimits } from '@/core/forms';
import { siteSubscriptionOptions, subscriptionLabel } from '@/site/entities/sites/api';

/**
 * Create and edit share these settings. The subscription is a picker the server searches (an
 * organisation may hold thousands: issue 16); `site` names the current one before it is loaded.
 */
export function siteFormSettings(orgId: number, site: Site | null = null): FormSettings {
  const current =
    site?.subscriptionId != null && site.subscriptionName
      ? [{ id: site.subscriptionId, label: subscriptionLabel({ name: site.subscriptionName }) }]
      : [];
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
          searchOptions: siteSubscriptionOptions(orgId),
          dropdownData: current,
        },
      ],
    ],
  });
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
  // One settings object for the modal's life: the picker keeps its loaded pages.
  const [settings] = useState(() => siteFormSettings(orgId, site));
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
      settings={settings}
      defaultValues={defaults}
      submitLabel={site ? 'Save' : 'Create'}
      onSubmit={onSubmit}
    />
  );
}
