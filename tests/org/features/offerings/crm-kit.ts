import type { Customer } from '@/contract/crm/customers';
/**
 * Test kit of the Business and Sysadmin screens: CRM URLs, envelopes, a refusal with field
 * errors, the demo organisation, and typed factories (createOffering({...}) etc.).
 */
import { HttpResponse } from 'msw';
import type { Licence } from '@/contract/crm/licences';
import type { Offering, OfferingDetail } from '@/contract/crm/offerings';
import type { Organisation } from '@/contract/crm/orgs';
import type { Subscription, SubscriptionDetail } from '@/contract/crm/subscriptions';
import type { AdminUser } from '@/contract/crm/users';
import type { UserPermissions } from '@/contract/metadata';
import { config } from '@/core/config';
import type { MembershipOverrides } from '../../../factories/metadata';

export const crm = (path: string) => `${config.crmApiUrl}/${path}`;

export const ok = <T>(data: T) => HttpResponse.json({ success: true, errors: null, data });

export const paged = <T>(results: T[]) =>
  ok({ results, fetchedCount: results.length, skippedCount: 0, totalAvailable: results.length });

/** A 400 in the API envelope with errors keyed by field (SPEC §3). */
export const refusal = (errors: Record<string, string>) =>
  HttpResponse.json(
    {
      success: false,
      errors: Object.fromEntries(
        Object.entries(errors).map(([field, message]) => [
          field,
          { message, errorCode: 'invalid' },
        ]),
      ),
      data: null,
    },
    { status: 400 },
  );

/** Acme Mining (1), enabled for products and services, with the user's flags there. */
export const acme = (permissions: Partial<UserPermissions>): MembershipOverrides => ({
  org: {
    id: 1,
    name: 'Acme Mining',
    permissions: { isProductOwnerEnabled: true, isServiceOwnerEnabled: true },
  },
  permissions,
});

let nextId = 100;
const id = () => ++nextId;
const when = '2025-01-15T10:00:00.000Z';

export function createOffering(overrides: Partial<OfferingDetail> = {}): OfferingDetail {
  const offeringId = overrides.id ?? id();
  return {
    id: offeringId,
    orgId: 1,
    orgName: 'Acme Mining',
    type: 'product',
    name: `Offering ${offeringId}`,
    description: null,
    tags: [],
    features: [],
    createdAt: when,
    updatedAt: when,
    customData: [],
    ...overrides,
  };
}

export const asListed = ({ customData: _cd, ...offering }: OfferingDetail): Offering => offering;

export function createLicence(overrides: Partial<Licence> = {}): Licence {
  return {
    id: overrides.id ?? id(),
    subscription: null,
    product: { id: 1, name: 'BlastPlan' },
    state: { name: 'Active' },
    seats: 5,
    expiry: '2099-12-31',
    vendorOrg: { id: 1, name: 'Acme Mining' },
    customerOrg: { id: 2, name: 'Borealis Quarries' },
    assignedUser: null,
    issuedAt: when,
    orgName: 'Borealis Quarries',
    ...overrides,
  };
}

export function createSubscription(
  overrides: Partial<SubscriptionDetail> = {},
): SubscriptionDetail {
  const subId = overrides.id ?? id();
  return {
    id: subId,
    name: `Subscription ${subId}`,
    vendorOrg: { id: 1, name: 'Acme Mining' },
    subscriberOrg: { id: 2, name: 'Borealis Quarries' },
    offering: { id: 1, name: 'BlastPlan', type: 'product' },
    startDate: '2025-01-01',
    endDate: '2099-12-31',
    seatsAllowed: 10,
    seatsUsed: 3,
    includedFeatures: [],
    isDisabled: false,
    createdAt: when,
    orgName: 'Borealis Quarries',
    attachments: [],
    licences: [],
    ...overrides,
  };
}

export const asListedSub = ({
  attachments: _a,
  licences: _l,
  ...subscription
}: SubscriptionDetail): Subscription => subscription;

export function createOrganisation(overrides: Partial<Organisation> = {}): Organisation {
  const orgId = overrides.id ?? id();
  return {
    id: orgId,
    name: `Organisation ${orgId}`,
    description: null,
    avatar_Base64: null,
    customData: null,
    isProductOwnerEnabled: false,
    isServiceOwnerEnabled: false,
    memberCount: 3,
    createdAt: when,
    ...overrides,
  };
}

export function createAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const userId = overrides.id ?? id();
  return {
    id: userId,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `user${userId}@example.com`,
    isSysadmin: false,
    status: 'Active',
    orgs: [{ id: 1, name: 'Acme Mining' }],
    orgName: 'Acme Mining',
    ...overrides,
  };
}

/** A vendor's customer (POST orgs/{orgId}/customers/list). */
export function createCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 2,
    name: 'Borealis Quarries',
    subscriptions: 2,
    activeSubscriptions: 1,
    licences: 3,
    activeLicences: 2,
    nextEndDate: '2100-06-30',
    customerSince: '2024-01-15T09:00:00.000Z',
    ...overrides,
  };
}
