import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  LINK_GONE_MESSAGE,
  anonymousLinkViewSchema,
  blastLinkColumns,
  blastLinkSchema,
  createBlastLinkSchema,
  signedInLinkViewSchema,
  type AnonymousLinkView,
  type BlastLink,
  type CreateBlastLink,
  type SignedInLinkView,
} from '@/contract/data/links';
import { dataApi } from '@/core/api';
import { fetchList } from '@/core/api/list';
import { serverListSource } from '@/core/data-table/server-source';
import { queryPresets, useEntityMutation } from '@/core/query';
import { blastKeys, blastPath } from './keys';

/**
 * POST …/blasts/{blastId}/links/list: live and revoked links, newest first (blast writers),
 * every one (the SPEC §7 re-posts; a list too large for the browser is the table's server mode).
 */
export const getBlastLinks = (
  orgId: number,
  siteId: number,
  blastId: number,
  signal?: AbortSignal,
): Promise<BlastLink[]> =>
  fetchList(dataApi, `${blastPath(orgId, siteId, blastId)}/links/list`, blastLinkSchema, {
    signal,
  });

export const blastLinksQueryOptions = (
  orgId: number,
  siteId: number,
  blastId: number,
  enabled = true,
) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: blastKeys.linkList(orgId, siteId, blastId),
    queryFn: ({ signal }) => getBlastLinks(orgId, siteId, blastId, signal),
    enabled,
  });

/** The same links paged on the server (the table's server mode when they do not fit). */
export const blastLinksSource = (orgId: number, siteId: number, blastId: number) =>
  serverListSource({
    api: dataApi,
    base: `${blastPath(orgId, siteId, blastId)}/links`,
    row: blastLinkSchema,
    columns: blastLinkColumns,
  });

export function useBlastLinks(orgId: number, siteId: number, blastId: number, enabled = true) {
  return useQuery(blastLinksQueryOptions(orgId, siteId, blastId, enabled));
}

/** POST …/blasts/{blastId}/links: an anonymous link, or one for signed-in users. */
export async function createBlastLink(
  orgId: number,
  siteId: number,
  blastId: number,
  input: CreateBlastLink,
) {
  const body = createBlastLinkSchema.parse(input);
  const data = await dataApi.post<unknown>(`${blastPath(orgId, siteId, blastId)}/links`, body, {
    successMessage: body.isAnonymous ? 'Anonymous link created' : 'Sign-in link created',
  });
  return blastLinkSchema.parse(data);
}

export const useCreateBlastLink = (orgId: number, siteId: number, blastId: number) =>
  useEntityMutation((input: CreateBlastLink) => createBlastLink(orgId, siteId, blastId, input), {
    invalidates: [blastKeys.links],
  });

/** DELETE …/blasts/{blastId}/links/{linkId}: the link stops working at once. */
export async function revokeBlastLink(
  orgId: number,
  siteId: number,
  blastId: number,
  linkId: string,
) {
  const data = await dataApi.delete<unknown>(
    `${blastPath(orgId, siteId, blastId)}/links/${encodeURIComponent(linkId)}`,
    undefined,
    { successMessage: 'Link revoked' },
  );
  return blastLinkSchema.parse(data);
}

export const useRevokeBlastLink = (orgId: number, siteId: number, blastId: number) =>
  useEntityMutation((linkId: string) => revokeBlastLink(orgId, siteId, blastId, linkId), {
    invalidates: [blastKeys.links],
  });

/** What opening a link gives: the view, or the message of a revoked or unknown link. */
export type LinkResult<T> = { gone: false; view: T } | { gone: true; message: string };

const enc = encodeURIComponent;

/**
 * GET blast-links/{linkId} (signed in) or blast-links/anon/{linkId} (anonymous). A 404 is a
 * revoked or unknown link: said on the page, not as an error toast.
 */
async function openLink<T>(
  path: string,
  parse: (data: unknown) => T,
  isAnonymous: boolean,
): Promise<LinkResult<T>> {
  const result = await dataApi.get<unknown>(path, undefined, {
    handleErrorManually: true,
    isAnonymous,
  });
  if (!result.inError) return { gone: false, view: parse(result.data) };
  if (result.status === 404) return { gone: true, message: LINK_GONE_MESSAGE };
  throw new Error(result.message);
}

export const getSignedInLinkView = (linkId: string) =>
  openLink<SignedInLinkView>(
    `blast-links/${enc(linkId)}`,
    (d) => signedInLinkViewSchema.parse(d),
    false,
  );

export const getAnonymousLinkView = (linkId: string) =>
  openLink<AnonymousLinkView>(
    `blast-links/anon/${enc(linkId)}`,
    (d) => anonymousLinkViewSchema.parse(d),
    true,
  );

export const signedInLinkQueryOptions = (linkId: string) =>
  queryOptions({
    queryKey: ['blast-link', linkId],
    queryFn: () => getSignedInLinkView(linkId),
    retry: false,
  });

export const anonymousLinkQueryOptions = (linkId: string) =>
  queryOptions({
    queryKey: ['blast-link-anon', linkId],
    queryFn: () => getAnonymousLinkView(linkId),
    retry: false,
  });

export const useSignedInLinkView = (linkId: string) => useQuery(signedInLinkQueryOptions(linkId));
export const useAnonymousLinkView = (linkId: string) => useQuery(anonymousLinkQueryOptions(linkId));
