/**
 * The rules of the issued-licence actions, in one place for the single-row endpoints and the
 * bulk ones (server/http/bulk.ts): who may be changed (the vendor's own licences), what is
 * refused and why, what changes.
 */
import type { Refusal, RowAction } from '../http/bulk';

const licence = {
  target: 'Licence',
  table: 'licences l',
  key: 'l.id',
  scope: 'l.vendor_org_id = $1',
} as const;

const notEnabledToSell = (kind: 'product' | 'service'): Refusal => ({
  code: 'notEnabled',
  wholeRequest: true,
  message: `Your organization is not enabled to sell ${kind}s`,
  when: `exists (select 1 from offerings f join orgs o on o.id = f.org_id
                  where f.id = l.offering_id and f.kind = '${kind}' and not o.is_${kind}_owner_enabled)`,
});

/**
 * Renewing or reinstating gives the customer the licence again, so it is a sale again (issue
 * 14): the checks of issuing run first (the vendor still enabled to sell the offering's kind,
 * the licence's subscription not disabled since). Suspending is always allowed.
 */
const saleRules: Refusal[] = [
  notEnabledToSell('product'),
  notEnabledToSell('service'),
  {
    code: 'disabled',
    field: 'subscriptionId',
    message: 'The subscription is disabled',
    when: `exists (select 1 from subscriptions s where s.id = l.subscription_id and s.is_disabled)`,
  },
];

export const suspendLicence: RowAction<void> = {
  ...licence,
  name: 'licence.suspend',
  refusals: () => [
    {
      code: 'alreadySuspended',
      message: 'This licence is already suspended',
      when: `l.state = 'Suspended'`,
    },
  ],
  set: () => `state = 'Suspended'`,
};

export const reinstateLicence: RowAction<void> = {
  ...licence,
  name: 'licence.reinstate',
  refusals: () => [
    ...saleRules,
    {
      code: 'notSuspended',
      message: 'Only a suspended licence can be reinstated',
      when: `l.state <> 'Suspended'`,
    },
  ],
  set: () => `state = 'Active'`,
};

/** A renewal extends: a licence that already runs to the new expiry or later is refused. */
export const renewLicence: RowAction<{ expiry: string }> = {
  ...licence,
  name: 'licence.renew',
  refusals: (sql, { expiry }) => [
    ...saleRules,
    {
      code: 'notLater',
      message: 'The licence already runs to this date or later: a renewal extends it',
      when: `l.expiry >= ${sql.param(expiry.slice(0, 10), '::date')}`,
    },
  ],
  set: (sql, { expiry }) =>
    `expiry = ${sql.param(expiry.slice(0, 10), '::date')},
     state = case when l.state = 'Expired' then 'Active' else l.state end`,
};
