import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  LINK_GONE_MESSAGE,
  anonymousLinkViewSchema,
  signedInLinkViewSchema,
  type AnonymousLinkView,
  type SignedInLinkView,
} from '@/contract/data/links';
import { dataApi } from '@/core/api';

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
