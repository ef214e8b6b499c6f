import { z } from 'zod';
import { defineListColumns, listContract } from '../lists';

/**
 * A vendor's customer: an organisation it sold to (a customer subscription or an issued licence),
 * with what it holds from the vendor. POST /crm/v1/orgs/{orgId}/customers/list.
 */
export const customerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Customer subscriptions, and those active (not disabled, not ended). */
  subscriptions: z.number().int(),
  activeSubscriptions: z.number().int(),
  /** Issued licences, and those in state Active. */
  licences: z.number().int(),
  activeLicences: z.number().int(),
  /** The soonest end date (YYYY-MM-DD) of an active subscription; null when none ends. */
  nextEndDate: z.string().nullable(),
  /** When the vendor first sold to it (ISO date-time). */
  customerSince: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** The Customers table's columns (docs/lists.md). */
export const customerColumns = defineListColumns({
  id: { kind: 'number' },
  name: { kind: 'text' },
  subscriptions: { kind: 'number' },
  activeSubscriptions: { kind: 'number' },
  licences: { kind: 'number' },
  activeLicences: { kind: 'number' },
  nextEndDate: { kind: 'date' },
  customerSince: { kind: 'date' },
});
export const customerList = listContract(customerColumns);
export const customerListRequestSchema = customerList.request;
