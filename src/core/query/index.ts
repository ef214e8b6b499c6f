import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isApiError, ListTooLargeError } from '@/core/api';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** SPEC §9: delay before the n-th retry (n from 0): min(1000·2^n, 30000) ms. */
export const backoffDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * Retrying a request the server refused on purpose (4xx), or one without a session, only
 * repeats the refusal (and its toast); a list too large to load whole stays too large. Network
 * failures and 5xx are retried.
 */
export function isRetryable(error: unknown): boolean {
  // A list too large to read whole stays so (issue 16): its table pages it on the server.
  if (error instanceof ListTooLargeError) return false;
  if (!isApiError(error)) return true;
  if (error.kind === 'no-token' || error.kind === 'session-ended' || error.kind === 'blocked') {
    return false;
  }
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * The three data-fetching setups of SPEC §9, named for what they are for. Spread one into a
 * query's options: `useQuery({ ...queryPresets.records, queryKey, queryFn })`.
 */
export const queryPresets = {
  /** Lists and detail records: retry 3 times with exponential backoff, cached 5 minutes. */
  records: {
    retry: (failureCount: number, error: Error) => failureCount < 3 && isRetryable(error),
    retryDelay: backoffDelay,
    gcTime: 5 * MINUTE,
  },
  /**
   * Reads a user triggers or re-reads after a mutation: fresh 5 minutes, kept 10, no automatic
   * retry (a user retry waits 5 s).
   */
  interactive: {
    staleTime: 5 * MINUTE,
    gcTime: 10 * MINUTE,
    retry: false,
    retryDelay: 5_000,
  },
  /** Reference data that hardly changes (default avatar, look-ups): fresh and kept 24 hours, no refetch on focus. */
  reference: {
    staleTime: 24 * HOUR,
    gcTime: 24 * HOUR,
    refetchOnWindowFocus: false,
  },
} as const;

/** The app's QueryClient: queries default to the records preset; mutations never retry on their own. */
export function createQueryClient(overrides: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...overrides,
    defaultOptions: {
      ...overrides.defaultOptions,
      queries: { ...queryPresets.records, ...overrides.defaultOptions?.queries },
      mutations: { retry: false, ...overrides.defaultOptions?.mutations },
    },
  });
}

/**
 * SPEC §4: queries are keyed by a query key plus the selected organisation id, so switching
 * organisation fetches afresh. `orgQueryKey(orgId, 'offerings', { page })` →
 * ['offerings', { page }, { orgId }]; invalidate with the leading part (['offerings']).
 * Disable the query while orgId is null: `enabled: orgId !== null`.
 */
export function orgQueryKey<const K extends readonly unknown[]>(
  orgId: number | null,
  ...key: K
): [...K, { orgId: number | null }] {
  return [...key, { orgId }];
}

// Writes of the entities: in their own file, so that the first load carries no mutation code.
export { useEntityMutation, type EntityMutationOptions } from './mutation';
