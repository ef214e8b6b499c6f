import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { siteSchema, type Site } from '@/contract/data/sites';
import { dataApi } from '@/core/api';
import { MY_SITES_KEY } from './keys';

const mySitesSchema = z.array(siteSchema);

/**
 * GET my-sites: every site the user can open in all their organisations, with organisation,
 * subscription name and counts, in one request (the server applies the visibility rule).
 */
export async function getMySites(signal?: AbortSignal): Promise<Site[]> {
  const data = await dataApi.get<unknown>('my-sites', undefined, { signal });
  return mySitesSchema.parse(data);
}

/** Not keyed by organisation: the answer spans all of them, whichever is selected. */
export const mySitesQueryOptions = () =>
  queryOptions({
    queryKey: [MY_SITES_KEY],
    queryFn: ({ signal }) => getMySites(signal),
  });

export const useMySites = () => useQuery(mySitesQueryOptions());
