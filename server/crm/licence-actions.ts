/**
 * The rules of the issued-licence actions, in one place for the single-row endpoints and the
 * bulk ones (server/http/bulk.ts): who may be changed (the vendor's own licences), what is
 * refused and why, what changes.
 */
import type { RowAction } from '../http/bulk';

const licence = {
  target: 'Licence',
  table: 'licences l',
  key: 'l.id',
  scope: 'l.vendor_org_id = $1',
} as const;

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
    {
      code: 'notLater',
      message: 'The licence already runs to this date or later: a renewal extends it',
      when: `l.expiry >= ${sql.param(expiry.slice(0, 10), '::date')}`,
    },
  ],
  set: (sql, { expiry }) =>
    `expiry = ${sql.param(expiry.slice(0, 10), '::date')},
     state = case when l.state = 'Expired' then 'Active' else l.state end`,
  detail: ({ expiry }) => ({ expiry: expiry.slice(0, 10) }),
};
