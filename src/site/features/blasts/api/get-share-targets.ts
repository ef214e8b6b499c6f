import { z } from 'zod';
import { shareTargetOrgSchema, type ShareTargetOrg } from '@/contract/data/shared-blasts';
import { dataApi } from '@/core/api';

/** GET orgs/{orgId}/sites/{siteId}/share-targets?search=…: organisations to share with (≤ 20). */
export async function getShareTargets(
  orgId: number,
  siteId: number,
  search: string,
): Promise<ShareTargetOrg[]> {
  const data = await dataApi.get<unknown>(`orgs/${orgId}/sites/${siteId}/share-targets`, {
    search,
  });
  return z.array(shareTargetOrgSchema).parse(data);
}
