import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ListPage, ListParams, ListSource } from '@/core/data-table';
import { EMPTY_QUERY } from '@/core/data-table/list-params';
import { LIST_PAGE_KEY, useSourceTotal } from '@/core/data-table/use-server-page';
import { orgQueryKey } from '@/core/query';

/**
 * useSourceTotal (issue 16): the list's own total, read from its source before a whole list is
 * asked. Retries are a minute apart here: an answer that came before the first retry shows the
 * retries were not waited for.
 */
const shown: ListParams = { ...EMPTY_QUERY, page: 1, pageSize: 20 };
const keyOf = (params: ListParams) => orgQueryKey(1, 'l', LIST_PAGE_KEY, params);
const page = (total: number): ListPage<object> => ({ rows: [], total });

function setup(fetchPage: ListSource<object>['fetchPage'], params = shown) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: 3, retryDelay: 60_000, gcTime: Infinity } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => useSourceTotal({ source: { fetchPage }, listKey: ['l'], orgId: 1, params }),
    { wrapper },
  );
  const total = result.current;
  if (!total) throw new Error('a source gives a total');
  return { client, total };
}

const failing = () => {
  const asked: ListParams[] = [];
  const fetchPage = (params: ListParams) => {
    asked.push(params);
    return Promise.reject(new Error('Service unavailable'));
  };
  return { asked, fetchPage };
};

describe("the list's own total from its source", () => {
  it('reads the page on screen when it is unfiltered, else the one-row count', async () => {
    const asked: ListParams[] = [];
    const fetchPage = (params: ListParams) => {
      asked.push(params);
      return Promise.resolve(page(params.search ? 3 : 7000));
    };
    expect(await setup(fetchPage).total(new AbortController().signal)).toBe(7000);
    expect(asked).toEqual([shown]);
    const filtered = { ...shown, search: 'ridge' };
    expect(await setup(fetchPage, filtered).total(new AbortController().signal)).toBe(7000);
    expect(asked[1]).toEqual({ ...EMPTY_QUERY, page: 1, pageSize: 1 });
  });

  it('a failing source answers null at its first failure, not after its retries', async () => {
    const source = failing();
    const { total } = setup(source.fetchPage);
    expect(await total(new AbortController().signal)).toBeNull();
    expect(source.asked).toHaveLength(1);
  });

  it('a failing refetch of a page answered before gives the total it had', async () => {
    const source = failing();
    const { client, total } = setup(source.fetchPage);
    client.setQueryData(keyOf(shown), page(45), { updatedAt: Date.now() - 60_000 });
    expect(await total(new AbortController().signal)).toBe(45);
    expect(source.asked).toHaveLength(1);
  });

  it('a page already failing (between its retries) answers null at once', async () => {
    const source = failing();
    const { client, total } = setup(source.fetchPage);
    void client.prefetchQuery({ queryKey: keyOf(shown), queryFn: () => source.fetchPage(shown) });
    await expect.poll(() => client.getQueryState(keyOf(shown))?.fetchFailureCount).toBe(1);
    expect(await total(new AbortController().signal)).toBeNull();
    expect(source.asked).toHaveLength(1);
  });

  it('a page cancelled before it answered is asked again', async () => {
    let answers = 0;
    const { client, total } = setup(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answers++;
      return page(45);
    });
    const asked = total(new AbortController().signal);
    await client.cancelQueries();
    expect(await asked).toBe(45);
    expect(answers).toBeGreaterThanOrEqual(1);
  });

  it('answers null when its fetch is aborted, and stops listening', async () => {
    const { client, total } = setup(() => new Promise<ListPage<object>>(() => undefined));
    const cache = client.getQueryCache();
    const stopper = new AbortController();
    const asked = total(stopper.signal);
    expect(cache.hasListeners()).toBe(true);
    stopper.abort();
    expect(await asked).toBeNull();
    expect(cache.hasListeners()).toBe(false);
  });
});
