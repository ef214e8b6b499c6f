import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { isApiError } from '@/core/api';
import { FullScreenLoader } from './loaders';
import { ErrorScreen, NotFoundScreen } from './screens';

/** A positive integer route parameter, else NaN. */
export const idParam = (value: string | undefined) =>
  value !== undefined && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : Number.NaN;

/** The record id a details page reads from its URL ('/offerings/product/:id'), else NaN. */
export function useIdParam(name = 'id'): number {
  return idParam(useParams()[name]);
}

export interface QueryStateProps<T> {
  query: { data: T | undefined; error: unknown; isPending: boolean; isError: boolean };
  /** false when the URL names no record (a bad id): not found, whatever the query says. */
  found?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * A details page's one query: not found for a bad id in the URL or an answer of 404 (or 400:
 * an id the server refuses), the error screen for any other failure, the loader while it
 * loads, else the page.
 */
export function QueryState<T>({ query, found = true, children }: QueryStateProps<T>) {
  if (!found) return <NotFoundScreen />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    return status === 404 || status === 400 ? (
      <NotFoundScreen />
    ) : (
      <ErrorScreen error={query.error} />
    );
  }
  if (query.isPending || query.data === undefined) return <FullScreenLoader />;
  return children(query.data);
}
