import type { PermissionRequirement } from '@/core/permissions';

/** Upload, edit, delete, links and sharing: org admin, sub manager, site admin (the server's rule). */
export const BLAST_WRITERS: PermissionRequirement = {
  user: ['isOrgAdmin', 'isSubManager'],
  site: ['isSiteAdmin'],
};
