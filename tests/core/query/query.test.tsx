import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { setupUser } from '../../user';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/core/api';
import {
  backoffDelay,
  createQueryClient,
  isRetryable,
  orgQueryKey,
  queryPresets,
} from '@/core/query';

const apiError = (status: number, kind: ApiError['kind'] = 'http') =>
  new ApiError({ message: 'x', status, kind, method: 'GET', endpoint: 'e' });

describe('query presets (SPEC §9)', () => {
  it('records: 3 retries with min(1000·2^n, 30000) ms, cached 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(queryPresets.records.retryDelay).toBe(backoffDelay);
    expect(queryPresets.records.gcTime).toBe(5 * 60_000);
    const retry = queryPresets.records.retry;
    expect([0, 1, 2, 3].map((n) => retry(n, apiError(500)))).toEqual([true, true, true, false]);
  });

  it('records: a deliberate refusal (4xx) or a lost session is not retried', () => {
    const retry = queryPresets.records.retry;
    expect(retry(0, apiError(404))).toBe(false);
    expect(retry(0, apiError(403))).toBe(false);
    expect(retry(0, apiError(401, 'session-ended'))).toBe(false);
    expect(retry(0, apiError(0, 'network'))).toBe(true);
    expect(isRetryable(new Error('plain'))).toBe(true);
  });

  it('interactive: fresh 5 min, kept 10 min, retry delay 5 s, no automatic retry', () => {
    expect(queryPresets.interactive).toEqual({
      staleTime: 300_000,
      gcTime: 600_000,
      retryDelay: 5_000,
      retry: false,
    });
  });

  it('reference: fresh and kept 24 h, no refetch on focus', () => {
    expect(queryPresets.reference).toEqual({
      staleTime: 86_400_000,
      gcTime: 86_400_000,
      refetchOnWindowFocus: false,
    });
  });

  it('createQueryClient defaults queries to the records preset and mutations to no retry', () => {
    const client = createQueryClient();
    const defaults = client.getDefaultOptions();
    expect(defaults.queries?.gcTime).toBe(300_000);
    expect(defaults.queries?.retryDelay).toBe(backoffDelay);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe('orgQueryKey', () => {
  it('keys a query by its key plus the selected organisation id', () => {
    expect(orgQueryKey(4, 'offerings', { page: 2 })).toEqual([
      'offerings',
      { page: 2 },
      { orgId: 4 },
    ]);
    expect(orgQueryKey(null, 'users')).toEqual(['users', { orgId: null }]);
    expect(orgQueryKey(1, 'users')).not.toEqual(orgQueryKey(2, 'users'));
  });

  it('switching organisation fetches that organisation’s data', async () => {
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetched: (number | null)[] = [];
    function Offerings() {
      const [orgId, setOrgId] = useState<number | null>(null);
      const query = useQuery({
        ...queryPresets.records,
        queryKey: orgQueryKey(orgId, 'offerings'),
        queryFn: () => {
          fetched.push(orgId);
          return Promise.resolve(`offerings of ${String(orgId)}`);
        },
        enabled: orgId !== null,
      });
      return (
        <>
          <p>{query.data ?? 'idle'}</p>
          <button type="button" onClick={() => setOrgId((id) => (id ?? 0) + 1)}>
            next org
          </button>
        </>
      );
    }
    const user = setupUser();
    render(
      <QueryClientProvider client={client}>
        <Offerings />
      </QueryClientProvider>,
    );
    expect(screen.getByText('idle')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'next org' }));
    await screen.findByText('offerings of 1');
    await user.click(screen.getByRole('button', { name: 'next org' }));
    await screen.findByText('offerings of 2');
    await waitFor(() => expect(fetched).toEqual([1, 2]));
  });
});
