import { useOrgContext } from '@/core/org';
import { useCanAccess } from '@/core/permissions';
import type { LibraryScope } from '@/site/entities/node-libraries/api';

/**
 * The scope of the page (the selected site's libraries inside a site, else the organisation's),
 * and who may write what: org admins everything, site admins their site's libraries.
 */
export function useLibraryScope() {
  const { org, site } = useOrgContext();
  const scope: LibraryScope = { orgId: org.id, siteId: site?.id ?? null };
  const canWriteOrg = useCanAccess('nodeLibraries.write');
  const canWriteSite = useCanAccess('siteNodeLibraries.write');
  /** The scope a given library is written through. */
  const scopeOf = (library: { siteId: number | null }): LibraryScope => ({
    orgId: org.id,
    siteId: library.siteId,
  });
  const canWrite = (library: { siteId: number | null }) =>
    library.siteId === null ? canWriteOrg : canWriteSite;
  return {
    scope,
    scopeLabel: site ? site.name : org.name,
    scopeOf,
    canWrite,
    canWriteOrg,
    canWriteSite,
    canCreate: site ? canWriteSite : canWriteOrg,
    site,
  };
}
