import { orgQueryKey } from '@/core/query';

/**
 * Query keys of blasts: a site's blasts and one blast, its links and shares, and the blasts
 * shared with the user. Invalidate by the leading keys after a change.
 */
export const blastKeys = {
  site: ['site-blasts'] as const,
  list: (orgId: number, siteId: number) => orgQueryKey(orgId, 'site-blasts', siteId),
  blast: ['site-blast'] as const,
  detail: (orgId: number, siteId: number, blastId: number) =>
    orgQueryKey(orgId, 'site-blast', siteId, blastId),
  links: ['blast-links'] as const,
  linkList: (orgId: number, siteId: number, blastId: number) =>
    orgQueryKey(orgId, 'blast-links', siteId, blastId),
  shares: ['blast-shares'] as const,
  shareList: (orgId: number, siteId: number, blastId: number) =>
    orgQueryKey(orgId, 'blast-shares', siteId, blastId),
  shared: ['shared-blasts'] as const,
  sharedList: (orgId: number) => orgQueryKey(orgId, 'shared-blasts', 'list'),
  sharedView: (orgId: number, blastId: number) =>
    orgQueryKey(orgId, 'shared-blasts', 'view', blastId),
};

/** The path of a site's blast under the data service. */
export const blastPath = (orgId: number, siteId: number, blastId: number) =>
  `orgs/${orgId}/sites/${siteId}/blasts/${blastId}`;
