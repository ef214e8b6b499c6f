import { describe, expect, it } from 'vitest';
import type { Licence } from '@/contract/crm/licences';
import type { Subscription } from '@/contract/crm/subscriptions';
import {
  expiriesByMonth,
  licencesByState,
  upcomingExpiries,
} from '@/org/features/dashboard/components/stats';

const now = new Date(2026, 0, 15, 10, 0, 0);
const named = (id: number, name: string) => ({ id, name });

function sub(id: number, endDate: string | null, isDisabled = false): Subscription {
  return {
    id,
    name: `Sub ${id}`,
    vendorOrg: named(1, 'Acme Mining'),
    subscriberOrg: named(2, 'Borealis Quarries'),
    offering: { id: 1, name: 'Blast Designer', type: 'product' },
    startDate: '2025-01-01',
    endDate,
    seatsAllowed: 5,
    seatsUsed: 1,
    includedFeatures: [],
    isDisabled,
    createdAt: '2025-01-01T00:00:00.000Z',
    orgName: 'Acme Mining',
  };
}

function lic(
  id: number,
  state: 'Active' | 'Suspended' | 'Expired',
  expiry: string | null,
): Licence {
  return {
    id,
    subscription: null,
    product: named(1, `Product ${id}`),
    state: { name: state },
    seats: 1,
    expiry,
    vendorOrg: named(1, 'Acme Mining'),
    customerOrg: named(2, 'Borealis Quarries'),
    assignedUser: null,
    issuedAt: '2025-01-01T00:00:00.000Z',
    orgName: 'Acme Mining',
  };
}

describe('dashboard figures', () => {
  it('lists active subscriptions and licences ending within 90 days, soonest first', () => {
    const list = upcomingExpiries(
      [
        sub(1, '2026-03-01'),
        sub(2, '2026-06-01'),
        sub(3, '2026-02-01', true),
        sub(4, '2026-01-10'),
      ],
      [lic(5, 'Active', '2026-01-20'), lic(6, 'Suspended', '2026-01-21'), lic(7, 'Active', null)],
      now,
      { subscription: (id) => `/my-subscriptions/${id}`, licence: null },
    );
    expect(list.map((e) => `${e.kind} ${e.id} ${e.date}`)).toEqual([
      'Licence 5 2026-01-20',
      'Subscription 1 2026-03-01',
    ]);
    expect(list[1]?.href).toBe('/my-subscriptions/1');
  });

  it('counts licences by state and expiries by month', () => {
    expect(
      licencesByState([lic(1, 'Active', null), lic(2, 'Expired', null), lic(3, 'Active', null)]),
    ).toEqual([
      { label: 'Active', value: 2 },
      { label: 'Suspended', value: 0 },
      { label: 'Expired', value: 1 },
    ]);
    const months = expiriesByMonth(
      upcomingExpiries([sub(1, '2026-03-01')], [lic(5, 'Active', '2026-01-20')], now, {
        subscription: () => null,
        licence: null,
      }),
      now,
    );
    expect(months).toEqual([
      { label: 'Jan 2026', value: 1 },
      { label: 'Feb 2026', value: 0 },
      { label: 'Mar 2026', value: 1 },
      { label: 'Apr 2026', value: 0 },
    ]);
  });
});
