import { describe, expect, it } from 'vitest';
import type { ColumnSettings } from '@/core/data-table';
import type { Subscription } from '@/contract/crm/subscriptions';
import { customerSubsColumns } from '@/org/features/customer-subs/components/customer-subs-table';
import { offeringSubscriptionColumns } from '@/org/features/offerings/components/offering-subscriptions';
import { asListedSub, createSubscription } from '../../../factories/crm';

const headings = (settings: ColumnSettings<Subscription>) => settings.columns.map((c) => c.title);
const csvHeadings = (settings: ColumnSettings<Subscription>) =>
  Object.keys(settings.csvMapperFn?.(asListedSub(createSubscription())) ?? {});

/** The subscription lists share their columns; each keeps its own, where it stood. */
describe('subscription columns', () => {
  it('Customer Subs shows the offering, and its CSV the offering and the features', () => {
    expect(headings(customerSubsColumns)).toEqual([
      'Subscription',
      'Customer',
      'Offering',
      'End',
      'Seats used / allowed',
      'Status',
    ]);
    expect(csvHeadings(customerSubsColumns)).toEqual([
      'Id',
      'Subscription',
      'Customer',
      'Offering',
      'Start',
      'End',
      'Seats used',
      'Seats allowed',
      'Features',
      'Status',
    ]);
  });

  it("an offering's subscriptions show the start date instead of the offering", () => {
    expect(headings(offeringSubscriptionColumns)).toEqual([
      'Subscription',
      'Customer',
      'Start',
      'End',
      'Seats used / allowed',
      'Status',
    ]);
    expect(csvHeadings(offeringSubscriptionColumns)).toEqual([
      'Id',
      'Subscription',
      'Customer',
      'Start',
      'End',
      'Seats used',
      'Seats allowed',
      'Status',
    ]);
  });
});
