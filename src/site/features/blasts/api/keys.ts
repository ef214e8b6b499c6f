/** Leading query keys of the blasts feature (mutations invalidate by them). */
export const BLASTS_KEY = 'site-blasts';
export const BLAST_KEY = 'site-blast';
export const BLAST_LINKS_KEY = 'blast-links';
export const BLAST_SHARES_KEY = 'blast-shares';
export const SHARED_BLASTS_KEY = 'shared-blasts';

/** The path of a site's blast under the data service. */
export const blastPath = (orgId: number, siteId: number, blastId: number) =>
  `orgs/${orgId}/sites/${siteId}/blasts/${blastId}`;
