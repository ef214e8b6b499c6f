import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type {
  BulkHandler,
  ColumnSettings,
  FilterValue,
  ListPage,
  ListParams,
  ListQuery,
  ListSource,
} from '@/core/data-table';
import { getPath } from '@/core/data-table/values';

interface Pending {
  params: ListParams;
  signal: AbortSignal;
  resolve: (page: ListPage<unknown>) => void;
  reject: (error: unknown) => void;
}

function matches(row: object, id: string, filter: FilterValue): boolean {
  const value = getPath(row, id);
  switch (filter.kind) {
    case 'text':
      return String(value ?? '')
        .toLowerCase()
        .includes(filter.text.toLowerCase());
    case 'number':
      return (
        typeof value === 'number' &&
        (filter.min === undefined || value >= filter.min) &&
        (filter.max === undefined || value <= filter.max)
      );
    case 'select':
      return String(value) === filter.value;
    case 'boolean':
      return Boolean(value) === filter.value;
    case 'date': {
      const day = String(value ?? '').slice(0, 10);
      return (!filter.from || day >= filter.from) && (!filter.to || day <= filter.to);
    }
  }
}

/** The rows of a query, in its order (a reference implementation of what a server does). */
export function runQuery<T extends object>(rows: readonly T[], query: ListQuery): T[] {
  const needle = query.search.toLowerCase();
  const found = rows.filter(
    (row) =>
      (!needle ||
        Object.values(row).some((v) =>
          String(v ?? '')
            .toLowerCase()
            .includes(needle),
        )) &&
      Object.entries(query.filters).every(([id, filter]) => matches(row, id, filter)),
  );
  const sort = query.sort;
  if (sort) {
    found.sort((a, b) => {
      const x = getPath(a, sort.id) as number | string;
      const y = getPath(b, sort.id) as number | string;
      const order = x < y ? -1 : x > y ? 1 : 0;
      return sort.desc ? -order : order;
    });
  }
  return found;
}

/**
 * A ListSource over rows in memory that records every call. With `gated`, each fetchPage waits
 * until the test answers it (answer / fail), so tests decide the order answers arrive in.
 */
export function fakeSource<T extends object>(
  rows: readonly T[],
  {
    gated = false,
    totalIsEstimate = false,
    bulk,
  }: { gated?: boolean; totalIsEstimate?: boolean; bulk?: Record<string, BulkHandler<T>> } = {},
) {
  const calls: ListParams[] = [];
  const pending: Pending[] = [];
  const pageOf = (params: ListParams): ListPage<T> => {
    const found = runQuery(rows, params);
    const start = (params.page - 1) * params.pageSize;
    return {
      rows: found.slice(start, start + params.pageSize),
      total: found.length,
      totalIsEstimate,
    };
  };
  const source: ListSource<T> = {
    fetchPage: (params, { signal }) => {
      calls.push(params);
      if (!gated) return Promise.resolve(pageOf(params));
      return new Promise((resolve, reject) => {
        pending.push({ params, signal, resolve: resolve as Pending['resolve'], reject });
      });
    },
    bulk,
  };
  return {
    source,
    calls,
    pending,
    /** Answers the oldest waiting request that matches (all by default). */
    answer(match: (params: ListParams) => boolean = () => true) {
      const index = pending.findIndex((p) => match(p.params));
      const [request] = pending.splice(index, 1);
      if (!request) throw new Error('no such pending request');
      request.resolve(pageOf(request.params));
    },
    /** Waits until a request matching is waiting for its answer. */
    async asked(match: (params: ListParams) => boolean) {
      await waitFor(() => expect(pending.some((p) => match(p.params))).toBe(true));
    },
    fail(error: unknown, match: (params: ListParams) => boolean = () => true) {
      const index = pending.findIndex((p) => match(p.params));
      const [request] = pending.splice(index, 1);
      if (!request) throw new Error('no such pending request');
      request.reject(error);
    },
  };
}

export interface Licence {
  id: number;
  customer: string;
  seats: number;
  state: string;
}

/** n licences: customer 'Customer 001'…, seats 1…n, every third suspended. */
export const licences = (n: number): Licence[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    customer: `Customer ${String(i + 1).padStart(3, '0')}`,
    seats: i + 1,
    state: i % 3 === 2 ? 'Suspended' : 'Active',
  }));

/** The licences' columns: a text, a number and a select filter. */
export const licenceSettings: ColumnSettings<Licence> = {
  entity: 'Issued Licences',
  columns: [
    { id: 'customer', title: 'Customer' },
    { id: 'seats', title: 'Seats', type: 'number' },
    { id: 'state', title: 'State', filterOptions: ['Active', 'Suspended'] },
  ],
  sortIndex: 0,
};
