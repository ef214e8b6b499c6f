import type { ReactNode } from 'react';
import { isApiError } from '@/core/api';
import { FullScreenLoader } from '@/core/ui/loaders';
import { ErrorScreen, NotFoundScreen } from '@/core/ui/screens';

export interface QueryStateProps<T> {
  query: { data: T | undefined; error: unknown; isPending: boolean; isError: boolean };
  children: (data: T) => ReactNode;
}

/** A page's one query: the loader, not-found on a 404 (or a 400 id), the error screen, or the page. */
export function QueryState<T>({ query, children }: QueryStateProps<T>) {
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

/** A positive integer route parameter, else NaN. */
export const idParam = (value: string | undefined) =>
  value !== undefined && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
