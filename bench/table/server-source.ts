/**
 * The page's side of the fake server (fake-server.worker.ts): a ListSource whose fetchPage and
 * exportRows are messages to the worker. Export batches are pulled one at a time, so the page
 * never holds more than one batch of rows.
 */
import type { ListSource } from '@/core/data-table';
import type { IssuedLicence } from './data';

interface Answer {
  id: number;
  rows: IssuedLicence[];
  total: number;
  ready?: true;
}

/** Rows per export batch. */
const BATCH = 5000;

/** Requests in flight, for the benchmark to wait until the page is quiet (window.__benchInflight). */
const inflight = (change: number) => {
  const w = window as { __benchInflight?: number };
  w.__benchInflight = (w.__benchInflight ?? 0) + change;
};

/** When each page request was sent and answered (window.__benchRequests), for the breakdown. */
interface Timing {
  sent: number;
  answered?: number;
}
const timings = () => {
  const w = window as { __benchRequests?: Timing[] };
  w.__benchRequests ??= [];
  return w.__benchRequests;
};

export function createFakeServer(rows: number, latencyMs: number) {
  const worker = new Worker(new URL('./fake-server.worker.ts', import.meta.url), {
    type: 'module',
  });
  let next = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  worker.onmessage = (event: MessageEvent<Answer>) => {
    inflight(-1);
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };
  const ask = (message: object, signal?: AbortSignal) =>
    new Promise<Answer>((resolve, reject) => {
      signal?.throwIfAborted();
      const id = ++next;
      waiting.set(id, resolve);
      signal?.addEventListener('abort', () => {
        waiting.delete(id);
        reject(signal.reason);
      });
      inflight(1);
      worker.postMessage({ id, ...message });
    });

  const ready = ask({ kind: 'init', rows, latencyMs });
  const source: ListSource<IssuedLicence> = {
    async fetchPage(params, { signal }) {
      await ready;
      const timing: Timing = { sent: performance.now() };
      timings().push(timing);
      const answer = await ask({ kind: 'page', params }, signal);
      timing.answered = performance.now();
      return { rows: answer.rows, total: answer.total };
    },
    async *exportRows(query, { signal }) {
      await ready;
      for (let offset = 0; ; offset += BATCH) {
        const answer = await ask({ kind: 'batch', query, offset, limit: BATCH }, signal);
        if (answer.rows.length > 0) yield answer.rows;
        if (offset + BATCH >= answer.total) return;
      }
    },
  };
  return { source, ready };
}
