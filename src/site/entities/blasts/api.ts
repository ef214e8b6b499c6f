import { queryOptions, useQuery } from '@tanstack/react-query';
import { idResultSchema } from '@/contract/common';
import {
  blastListItemSchema,
  blastLocationSchema,
  blastMetadataSchema,
  blastPlanSchema,
  blastSchema,
  uploadBlastSchema,
  type Blast,
  type BlastListItem,
  type BlastLocation,
  type BlastMetadata,
  type BlastPlan,
  type UploadBlast,
  blastColumns,
} from '@/contract/data/blasts';
import { dataApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { notify } from '@/core/notify';
import { useSiteScope } from '@/core/org';
import { queryPresets, useEntityMutation } from '@/core/query';
import { blastKeys, blastPath } from './keys';
import { serverListSource } from '@/core/data-table/server-source';

/** POST orgs/{orgId}/sites/{siteId}/blasts/list: the site's blasts (the client pages for us). */
export const getBlasts = (orgId: number, siteId: number, signal?: AbortSignal) =>
  fetchList(dataApi, `orgs/${orgId}/sites/${siteId}/blasts/list`, blastListItemSchema, {
    signal,
  });

export const blastsQueryOptions = (orgId: number, siteId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: blastKeys.list(orgId, siteId),
    queryFn: ({ signal }) => getBlasts(orgId, siteId, signal),
  });

export interface SiteBlastView {
  blast: Blast;
  plan: BlastPlan;
  downloadPath: string;
}

/**
 * GET …/blasts/{blastId} and GET …/blasts/{blastId}/plan: Blast Details with its plan, and the
 * path of its .blst file.
 */
export async function getSiteBlast(
  orgId: number,
  siteId: number,
  blastId: number,
  signal?: AbortSignal,
): Promise<SiteBlastView> {
  const path = blastPath(orgId, siteId, blastId);
  const [blast, plan] = await Promise.all([
    dataApi.get<unknown>(path, undefined, { signal }),
    dataApi.get<unknown>(`${path}/plan`, undefined, { signal }),
  ]);
  return {
    blast: blastSchema.parse(blast),
    plan: blastPlanSchema.parse(plan),
    downloadPath: `${path}/file`,
  };
}

export const siteBlastQueryOptions = (orgId: number, siteId: number, blastId: number) =>
  queryOptions({
    queryKey: blastKeys.detail(orgId, siteId, blastId),
    queryFn: ({ signal }) => getSiteBlast(orgId, siteId, blastId, signal),
    enabled: Number.isInteger(blastId) && blastId > 0,
  });

/** A blast of the selected site. */
export function useSiteBlast(blastId: number) {
  const { orgId, siteId } = useSiteScope();
  return useQuery(siteBlastQueryOptions(orgId, siteId, blastId));
}

/** GET blasts/{blastId}/locate: the blast's organisation and site, or null when not visible. */
export async function locateBlast(blastId: number): Promise<BlastLocation | null> {
  const result = await dataApi.get<unknown>(`blasts/${blastId}/locate`, undefined, {
    handleErrorManually: true,
  });
  if (!result.inError) return blastLocationSchema.parse(result.data);
  if (result.status === 404 || result.status === 400) return null;
  throw new Error(result.message);
}

export const locateBlastQueryOptions = (blastId: number) =>
  queryOptions({
    queryKey: ['blast-locate', blastId],
    queryFn: () => locateBlast(blastId),
    enabled: Number.isInteger(blastId) && blastId > 0,
    retry: false,
  });

export const useLocateBlast = (blastId: number) => useQuery(locateBlastQueryOptions(blastId));

/** POST orgs/{orgId}/sites/{siteId}/blasts: a .blst file (base64 attachment) becomes a blast. */
export async function uploadBlast(orgId: number, siteId: number, input: UploadBlast) {
  const body = uploadBlastSchema.parse(input);
  const data = await dataApi.post<unknown>(`orgs/${orgId}/sites/${siteId}/blasts`, body);
  return blastSchema.parse(data);
}

export function useUploadBlast() {
  const { orgId, siteId } = useSiteScope();
  return useEntityMutation((input: UploadBlast) => uploadBlast(orgId, siteId, input), {
    invalidates: [blastKeys.site],
    onSuccess: (blast) => notify.success(`Blast ${blast.name} uploaded`),
  });
}

/** PUT …/blasts/{blastId}: the blast's metadata (name, description, status, dates). */
export async function updateBlast(
  orgId: number,
  siteId: number,
  blastId: number,
  input: BlastMetadata,
) {
  const body = blastMetadataSchema.parse(input);
  const data = await dataApi.put<unknown>(blastPath(orgId, siteId, blastId), body, {
    successMessage: `Blast ${body.name} saved`,
  });
  return blastSchema.parse(data);
}

export function useUpdateBlast() {
  const { orgId, siteId } = useSiteScope();
  return useEntityMutation(
    ({ blastId, input }: { blastId: number; input: BlastMetadata }) =>
      updateBlast(orgId, siteId, blastId, input),
    { invalidates: [blastKeys.site, blastKeys.blast] },
  );
}

/** DELETE …/blasts/{blastId}: the blast, its file, links and shares. */
export async function deleteBlast(
  orgId: number,
  siteId: number,
  blast: Pick<BlastListItem, 'id' | 'name'>,
) {
  const data = await dataApi.delete<unknown>(blastPath(orgId, siteId, blast.id), undefined, {
    successMessage: `Blast ${blast.name} deleted`,
  });
  return idResultSchema.parse(data);
}

export function useDeleteBlast() {
  const { orgId, siteId } = useSiteScope();
  return useEntityMutation(
    (blast: Pick<BlastListItem, 'id' | 'name'>) => deleteBlast(orgId, siteId, blast),
    { invalidates: [blastKeys.site] },
  );
}

/** The same list paged on the server (issue 16): the table's server mode when it does not fit. */
export const blastsSource = (orgId: number, siteId: number) =>
  serverListSource({
    api: dataApi,
    base: `orgs/${orgId}/sites/${siteId}/blasts`,
    row: blastListItemSchema,
    columns: blastColumns,
  });
