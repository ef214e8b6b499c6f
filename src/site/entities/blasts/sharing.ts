import { queryOptions, useQuery } from '@tanstack/react-query';
import { idResultSchema } from '@/contract/common';
import { blastViewSchema, type BlastView } from '@/contract/data/blasts';
import {
  blastShareSchema,
  createShareSchema,
  sharedBlastSchema,
  shareTargetsSchema,
  type BlastShare,
  type CreateShare,
  type ShareTargets,
  sharedBlastColumns,
  blastShareColumns,
} from '@/contract/data/shared-blasts';
import { dataApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { notify } from '@/core/notify';
import { queryPresets, useEntityMutation } from '@/core/query';
import { blastKeys, blastPath } from './keys';
import { serverListSource } from '@/core/data-table/server-source';

/**
 * POST …/blasts/{blastId}/shares/list: who the blast is shared with, newest first, every one
 * (the SPEC §7 re-posts; a list too large for the browser is the table's server mode).
 */
export const getBlastShares = (
  orgId: number,
  siteId: number,
  blastId: number,
  signal?: AbortSignal,
): Promise<BlastShare[]> =>
  fetchList(dataApi, `${blastPath(orgId, siteId, blastId)}/shares/list`, blastShareSchema, {
    signal,
  });

export const blastSharesQueryOptions = (orgId: number, siteId: number, blastId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: blastKeys.shareList(orgId, siteId, blastId),
    queryFn: ({ signal }) => getBlastShares(orgId, siteId, blastId, signal),
  });

/** The same shares paged on the server (the table's server mode when they do not fit). */
export const blastSharesSource = (orgId: number, siteId: number, blastId: number) =>
  serverListSource({
    api: dataApi,
    base: `${blastPath(orgId, siteId, blastId)}/shares`,
    row: blastShareSchema,
    columns: blastShareColumns,
  });

export function useBlastShares(orgId: number, siteId: number, blastId: number) {
  return useQuery(blastSharesQueryOptions(orgId, siteId, blastId));
}

/**
 * GET orgs/{orgId}/sites/{siteId}/share-targets?search=…: organisations to share with (the
 * first 20 by name) and how many match.
 */
export async function getShareTargets(
  orgId: number,
  siteId: number,
  search: string,
): Promise<ShareTargets> {
  const data = await dataApi.get<unknown>(`orgs/${orgId}/sites/${siteId}/share-targets`, {
    search,
  });
  return shareTargetsSchema.parse(data);
}

/** A share or its removal changes the blast's shares and the lists of blasts shared. */
const sharingKeys = [blastKeys.shares, blastKeys.shared];

/** POST …/blasts/{blastId}/shares: with a user (email) or an organisation (id). */
export async function shareBlast(
  orgId: number,
  siteId: number,
  blastId: number,
  input: CreateShare,
) {
  const body = createShareSchema.parse(input);
  const data = await dataApi.post<unknown>(`${blastPath(orgId, siteId, blastId)}/shares`, body);
  return blastShareSchema.parse(data);
}

export const useShareBlast = (orgId: number, siteId: number, blastId: number) =>
  useEntityMutation((input: CreateShare) => shareBlast(orgId, siteId, blastId, input), {
    invalidates: sharingKeys,
    onSuccess: (share) =>
      notify.success(
        share.target.kind === 'user'
          ? `Shared with ${share.target.email}`
          : `Shared with ${share.target.orgName}`,
      ),
  });

/** DELETE shared-blasts/shares/{shareId}: by the sharer or an org admin of the blast's organisation. */
export async function unshareBlast(shareId: number) {
  const data = await dataApi.delete<unknown>(`shared-blasts/shares/${shareId}`, undefined, {
    successMessage: 'Sharing removed',
  });
  return idResultSchema.parse(data);
}

export const useUnshareBlast = () =>
  useEntityMutation((shareId: number) => unshareBlast(shareId), { invalidates: sharingKeys });

/** POST shared-blasts/list: blasts shared with the caller or any of their organisations. */
export const getSharedBlasts = (signal?: AbortSignal) =>
  fetchList(dataApi, 'shared-blasts/list', sharedBlastSchema, { signal });

export const sharedBlastsQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: blastKeys.sharedList(orgId),
    queryFn: ({ signal }) => getSharedBlasts(signal),
  });

/** GET shared-blasts/{blastId}: the Blast Viewer of a blast shared with the caller. */
export async function getSharedBlast(blastId: number, signal?: AbortSignal): Promise<BlastView> {
  const data = await dataApi.get<unknown>(`shared-blasts/${blastId}`, undefined, { signal });
  return blastViewSchema.parse(data);
}

export const sharedBlastQueryOptions = (orgId: number, blastId: number) =>
  queryOptions({
    queryKey: blastKeys.sharedView(orgId, blastId),
    queryFn: ({ signal }) => getSharedBlast(blastId, signal),
    enabled: Number.isInteger(blastId) && blastId > 0,
  });

export function useSharedBlast(orgId: number, blastId: number) {
  return useQuery(sharedBlastQueryOptions(orgId, blastId));
}

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const sharedBlastsSource = () =>
  serverListSource({
    api: dataApi,
    base: 'shared-blasts',
    row: sharedBlastSchema,
    columns: sharedBlastColumns,
  });
