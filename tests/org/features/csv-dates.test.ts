import { describe, expect, it } from 'vitest';
import type { ColumnSettings, RowRecord } from '@/core/data-table';
import { customerSubsColumns } from '@/org/features/customer-subs/components/customer-subs-table';
import { customersColumns } from '@/org/features/customer-subs/components/customers-table';
import { subscriptionLicenceColumns } from '@/org/features/customer-subs/components/subscription-details';
import { issuedLicenceColumns } from '@/org/features/issued-licences/components/issued-licences-table';
import { licenceColumnSettings } from '@/org/features/licences/components/licences-table';
import { offeringColumns } from '@/org/features/offerings/components/offerings-table';
import { organisationColumns } from '@/org/features/organizations/components/organisations-table';
import { softwareColumnSettings } from '@/org/features/software/components/software-table';
import {
  asListed,
  asListedSub,
  createCustomer,
  createHeldLicence,
  createLicence,
  createOffering,
  createOrganisation,
  createSubscription,
} from '../../factories/crm';

const csv = <T extends RowRecord>(settings: ColumnSettings<T>, row: T) =>
  settings.csvMapperFn?.(row) ?? {};

/** The CRM's shapes: a calendar day (2029-02-15) or a timestamp (2029-02-15T09:00:00Z). */
const RAW_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * Issue 17: a CSV says a date as the screen does (YYYY/MM/DD, the shared formatter), never in the
 * API's shape. Every org table with dates and a CSV mapper is here.
 */
describe('CSV exports write dates as the tables show them', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    [
      'Issued Licences',
      csv(
        issuedLicenceColumns,
        createLicence({ expiry: '2029-02-15', issuedAt: '2025-01-02T10:00:00.000Z' }),
      ),
      { Expiry: '2029/02/15', Issued: '2025/01/02' },
    ],
    [
      "a subscription's licences",
      csv(subscriptionLicenceColumns, createLicence({ expiry: '2029-02-15' })),
      { Expiry: '2029/02/15' },
    ],
    [
      'Customer Subs',
      csv(
        customerSubsColumns,
        asListedSub(createSubscription({ startDate: '2025-01-01', endDate: '2029-02-15' })),
      ),
      { Start: '2025/01/01', End: '2029/02/15' },
    ],
    [
      'Customers',
      csv(
        customersColumns,
        createCustomer({ nextEndDate: '2029-02-15', customerSince: '2024-01-15T09:00:00.000Z' }),
      ),
      { 'Next renewal': '2029/02/15', 'Customer since': '2024/01/15' },
    ],
    [
      'Offerings',
      csv(offeringColumns, asListed(createOffering({ updatedAt: '2025-03-04T10:00:00.000Z' }))),
      { Updated: '2025/03/04' },
    ],
    [
      'Organizations',
      csv(organisationColumns, createOrganisation({ createdAt: '2024-05-06T10:00:00.000Z' })),
      { Created: '2024/05/06' },
    ],
    [
      'Licences',
      csv(licenceColumnSettings, createHeldLicence({ expiry: '2029-02-15' })),
      { Expiry: '2029/02/15' },
    ],
    [
      'Software',
      csv(
        softwareColumnSettings,
        asListedSub(createSubscription({ startDate: '2025-01-01', endDate: '2029-02-15' })),
      ),
      { Start: '2025/01/01', End: '2029/02/15' },
    ],
  ];

  it.each(cases)('%s', (_, record, dates) => {
    expect(record).toMatchObject(dates);
    const raw = Object.entries(record).filter(
      ([, value]) => typeof value === 'string' && RAW_DATE.test(value),
    );
    expect(raw).toEqual([]);
  });
});
