import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Customer } from '@/contract/crm/customers';
import type { Subscription } from '@/contract/crm/subscriptions';
import { customersColumns } from '@/org/features/customer-subs/components/customers-table';
import { subscriptionColumnSettings } from '@/org/entities/subscriptions/columns';
import { columnTexts, renderTable } from './harness';

const customer = (id: number, active: number, of: number): Customer => ({
  id,
  name: `Customer ${id}`,
  subscriptions: of,
  activeSubscriptions: active,
  licences: 0,
  activeLicences: 0,
  nextEndDate: null,
  customerSince: '2024-01-01T00:00:00Z',
});

const sortBy = async (user: ReturnType<typeof renderTable>['user'], title: RegExp) => {
  const heading = screen.getByRole('columnheader', { name: title });
  await user.click(within(heading).getByRole('button', { name: title }));
  await waitFor(() => expect(heading).toHaveAttribute('aria-sort', 'ascending'));
};

describe('a column showing text that is not its value sorts and filters by the value (issue 17)', () => {
  it("Customers' 'active / all' counts sort by the active count, not as text", async () => {
    const { container, user } = renderTable({
      columnSettings: customersColumns,
      rows: [customer(1, 10, 12), customer(2, 9, 9), customer(3, 2, 30)],
    });
    await sortBy(user, /Active subscriptions/);
    expect(columnTexts(container, 1)).toEqual(['2 / 30', '9 / 9', '10 / 12']);
    // The filter row offers a number range on that count, not a text box on '10 / 12'.
    await user.type(screen.getByRole('textbox', { name: 'Active subscriptions minimum' }), '9');
    await waitFor(() => expect(columnTexts(container, 1)).toEqual(['9 / 9', '10 / 12']));
  });

  it("subscriptions' seats 'used / allowed' sort by the seats in use", async () => {
    const settings = subscriptionColumnSettings({
      entity: 'Customer Subs',
      ownColumn: { id: 'orgName', title: 'Vendor' },
    });
    const seats = settings.columns.findIndex((column) => column.id === 'seats');
    const row = (id: number, seatsUsed: number, seatsAllowed: number) =>
      ({ id, name: `Sub ${id}`, seatsUsed, seatsAllowed }) as unknown as Subscription;
    const { container, user } = renderTable({
      columnSettings: settings,
      rows: [row(1, 10, 20), row(2, 9, 10), row(3, 100, 100)],
    });
    await sortBy(user, /Seats/);
    expect(columnTexts(container, seats)).toEqual(['9 / 10', '10 / 20', '100 / 100']);
  });
});
