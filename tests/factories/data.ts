/**
 * Test data of the data service (the site portal's resources): Borealis Quarries with its
 * sites, and typed factories with overrides (createBlast({ name: 'North Pit 0002' })).
 */
import type { Blast, BlastPlan } from '@/contract/data/blasts';
import type { BlastLink } from '@/contract/data/links';
import type { Site, SiteSubscription } from '@/contract/data/sites';
import type { UserPermissions } from '@/contract/metadata';
import type { MembershipOverrides } from './metadata';

/** Borealis Quarries (2) with North Pit (1) where the user has the given site flags. */
export const borealis = (
  permissions: Partial<UserPermissions> = {},
  site: { isSiteAdmin?: boolean; isSiteUser?: boolean } = { isSiteAdmin: true },
): MembershipOverrides => ({
  org: {
    id: 2,
    name: 'Borealis Quarries',
    sites: [{ id: 1, name: 'North Pit', permissions: site }],
  },
  permissions,
});

const when = '2025-01-15T10:00:00.000Z';

export function createBlast(overrides: Partial<Blast> = {}): Blast {
  return {
    id: 1,
    name: 'North Pit 0001',
    description: null,
    status: 'fired',
    firedAt: when,
    plannedAt: null,
    holeCount: 3,
    totalCharge: 240,
    fileName: 'North_Pit_0001.blst',
    fileSize: 180,
    updatedAt: when,
    orgId: 2,
    siteId: 1,
    siteName: 'North Pit',
    createdBy: { id: 7, email: 'siteadmin@example.com', firstName: 'Sarah', lastName: 'Siteadmin' },
    createdAt: when,
    ...overrides,
  };
}

/** A grid of n holes, 5 m apart east–west and 4 m north–south. */
export function createPlan(n: number, cols = Math.max(1, Math.round(Math.sqrt(n)))): BlastPlan {
  const holes = Array.from({ length: n }, (_, i) => ({
    id: `H${i + 1}`,
    x: 1000 + (i % cols) * 5,
    y: 2000 + Math.floor(i / cols) * 4,
    depth: 8 + (i % 5),
    charge: 50 + (i % 9) * 10,
  }));
  const xs = holes.map((h) => h.x);
  const ys = holes.map((h) => h.y);
  return {
    holes,
    bounds: {
      minX: Math.min(...xs),
      minY: Math.min(...ys),
      maxX: Math.max(...xs),
      maxY: Math.max(...ys),
    },
  };
}

export function createLink(overrides: Partial<BlastLink> = {}): BlastLink {
  return {
    id: 'AbCdEfGhIjKlMnOpQrStUvWx',
    seq: 1,
    blastId: 1,
    isAnonymous: true,
    createdBy: null,
    createdAt: when,
    revokedAt: null,
    isRevoked: false,
    ...overrides,
  };
}

/** A site as the data service answers it (GET my-sites, the Site Admin list). */
export function createDataSite(overrides: Partial<Site> = {}): Site {
  return {
    id: 1,
    orgId: 2,
    orgName: 'Borealis Quarries',
    name: 'North Pit',
    description: null,
    location: null,
    subscriptionId: null,
    subscriptionName: null,
    subscriptionSubscriberOrgId: null,
    permissions: { isSiteAdmin: false, isSiteUser: false },
    userCount: 0,
    blastCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A subscription a site may use (GET orgs/{orgId}/site-subscriptions). */
export function createSiteSubscription(
  overrides: Partial<SiteSubscription> = {},
): SiteSubscription {
  return {
    id: 1,
    name: 'Borealis - Blast Cloud Sync',
    vendorOrgName: 'Acme Mining',
    endDate: null,
    isDisabled: false,
    ...overrides,
  };
}
