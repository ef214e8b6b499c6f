import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { crmApi, type PagedProgress } from '@/core/api';
import { config } from '@/core/config';
import { server } from '../../msw/server';

const url = `${config.crmApiUrl}/rows/list`;

/**
 * A list of `total` rows served `pageSize` at a time. Each answer waits until the test lets it
 * go, so that what the caller saw between two answers can be asserted.
 */
function gatedList(total: number, pageSize: number) {
  const gates: Array<() => void> = [];
  let served = 0;
  server.use(
    http.post(url, async ({ request }) => {
      const body = (await request.json()) as { skip?: number };
      const skip = body.skip ?? 0;
      await new Promise<void>((resolve) => gates.push(resolve));
      served += 1;
      const results = Array.from(
        { length: Math.max(0, Math.min(pageSize, total - skip)) },
        (_, i) => skip + i,
      );
      return HttpResponse.json({
        success: true,
        data: { results, fetchedCount: results.length, skippedCount: skip, totalAvailable: total },
      });
    }),
  );
  return {
    /** Lets the next waiting request answer. */
    async release() {
      await expect.poll(() => gates.length).toBeGreaterThan(0);
      gates.shift()?.();
    },
    served: () => served,
  };
}

describe('paged POST progress (SPEC §7 re-posts, issue 16: first rows at once)', () => {
  it('reports the first page before the re-posts, then each page, and still resolves with the whole list', async () => {
    const list = gatedList(25, 10);
    const seen: PagedProgress[] = [];
    const answer = crmApi.post<{ results: number[] }>(
      'rows/list',
      { take: 10 },
      { isAnonymous: true, onPage: (progress) => seen.push(progress) },
    );
    await list.release();
    await expect.poll(() => seen.length).toBe(1);
    // The first page is known while the second request is still waiting.
    expect(seen[0]).toMatchObject({
      fetchedCount: 10,
      skippedCount: 0,
      totalAvailable: 25,
      pages: 1,
      done: false,
    });
    expect(seen[0]?.results).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(list.served()).toBe(1);
    await list.release();
    await list.release();
    expect((await answer).results).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(seen.map((p) => [p.pages, p.fetchedCount, p.done])).toEqual([
      [1, 10, false],
      [2, 20, false],
      [3, 25, true],
    ]);
  });

  it('marks the last report done when the re-posts are used up before the total', async () => {
    const list = gatedList(100, 10);
    const seen: PagedProgress[] = [];
    const answer = crmApi.post<{ results: number[]; totalAvailable: number }>(
      'rows/list',
      {},
      { isAnonymous: true, onPage: (progress) => seen.push(progress) },
    );
    for (let i = 0; i < 6; i++) await list.release();
    const result = await answer;
    expect(result.results).toHaveLength(60);
    expect(result.totalAvailable).toBe(100);
    expect(seen).toHaveLength(6);
    expect(seen.at(-1)).toMatchObject({ fetchedCount: 60, totalAvailable: 100, done: true });
    expect(seen.slice(0, -1).every((p) => !p.done)).toBe(true);
  });

  it('a list that fits in one answer reports once, done', async () => {
    const list = gatedList(3, 10);
    const seen: PagedProgress[] = [];
    const answer = crmApi.post('rows/list', {}, { isAnonymous: true, onPage: (p) => seen.push(p) });
    await list.release();
    await answer;
    expect(seen).toEqual([
      {
        results: [0, 1, 2],
        fetchedCount: 3,
        skippedCount: 0,
        totalAvailable: 3,
        pages: 1,
        done: true,
      },
    ]);
  });
});
