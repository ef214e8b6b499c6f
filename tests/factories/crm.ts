/**
 * Test data of the CRM (the organisation portal's resources): the demo organisation and typed
 * factories with overrides (createOffering({ name: 'BlastPlan' })).
 */
import type { Customer } from '@/contract/crm/customers';
import type { Licence } from '@/contract/crm/licences';
import type { Offering, OfferingDetail } from '@/contract/crm/offerings';
import type { Organisation } from '@/contract/crm/orgs';
import type { Subscription, SubscriptionDetail } from '@/contract/crm/subscriptions';
import type { AdminUser, OrgUser } from '@/contract/crm/users';
import type { UserPermissions } from '@/contract/metadata';
import type { MembershipOverrides } from './metadata';

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
    ...overrides,
  };
}

export const asListedSub = ({
  attachments: _a,
  ...subscription
}: SubscriptionDetail): Subscription => subscription;

export function createOrganisation(overrides: Partial<Organisation> = {}): Organisation {
  const orgId = overrides.id ?? id();
  return {
    id: orgId,
    name: `Organization ${orgId}`,
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

/** A licence the organisation holds, from its vendor (the Licences screen's side). */
export function createHeldLicence(overrides: Partial<Licence> = {}): Licence {
  return {
    id: 1,
    subscription: { id: 3, name: 'Borealis - Blast Designer' },
    product: { id: 1, name: 'Blast Designer' },
    state: { name: 'Active' },
    seats: 1,
    expiry: '2099-01-31',
    vendorOrg: { id: 1, name: 'Acme Mining' },
    customerOrg: { id: 2, name: 'Borealis Quarries' },
    assignedUser: null,
    issuedAt: '2025-01-01T00:00:00.000Z',
    orgName: 'Acme Mining',
    ...overrides,
  };
}

/** A member of the organisation (Users). */
export function createOrgUser(overrides: Partial<OrgUser> = {}): OrgUser {
  return {
    id: 10,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'Grace@Example.com',
    isOrgOwner: false,
    isOrgAdmin: false,
    isBusinessManager: false,
    isSubManager: false,
    isDeveloper: true,
    isTechSupport: false,
    status: 'Active',
    invitedAt: null,
    ...overrides,
  };
}
