/**
 * The usage a feature follows (CONVENTIONS.md: query options + hook per endpoint; mutations
 * invalidate by the matching key), exercised end to end over msw: it also keeps the example in
 * docs/auth-and-api.md compiling.
 */
import {
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { PagedResults } from '@/contract/envelope';
import { configureApiAuth, crmApi } from '@/core/api';
import { config } from '@/core/config';
import { notify } from '@/core/notify';
import { createQueryClient, orgQueryKey, queryPresets } from '@/core/query';
import { server } from '../../msw/server';

interface Offering {
  id: number;
  name: string;
}

// --- what a feature's api/get-offerings.ts and api/update-offering.ts hold ---------------
const offeringsQueryOptions = (orgId: number | null) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: orgQueryKey(orgId, 'offerings'),
    queryFn: ({ signal }) =>
      crmApi.post<PagedResults<Offering>>('Offerings/List', { orgId }, { signal }),
    enabled: orgId !== null,
  });

function useRenameOffering(orgId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Offering) =>
      crmApi.put<Offering>('Offerings/Update', input, { successMessage: 'Offering saved' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: offeringsQueryOptions(orgId).queryKey }),
  });
}
// -------------------------------------------------------------------------------------------

let disconnect: () => void;
beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => 'toast');
  disconnect = configureApiAuth({
    getUser: () => Promise.resolve({ access_token: 't', expires_in: 3600 }),
    refresh: () => Promise.reject(new Error('unexpected')),
    navigate: vi.fn(),
  });
});
afterEach(() => disconnect());

it('a feature query and a mutation that refreshes it', async () => {
  let name = 'Blast Designer';
  server.use(
    http.post(`${config.crmApiUrl}/Offerings/List`, () =>
      HttpResponse.json({
        success: true,
        data: { results: [{ id: 1, name }], fetchedCount: 1, skippedCount: 0, totalAvailable: 1 },
      }),
    ),
    http.put(`${config.crmApiUrl}/Offerings/Update`, async ({ request }) => {
      name = ((await request.json()) as Offering).name;
      return HttpResponse.json({ success: true, data: { id: 1, name } });
    }),
  );

  function Offerings() {
    const { data } = useQuery(offeringsQueryOptions(1));
    const rename = useRenameOffering(1);
    return (
      <>
        <ul>
          {data?.results.map((o) => (
            <li key={o.id}>{o.name}</li>
          ))}
        </ul>
        <button type="button" onClick={() => rename.mutate({ id: 1, name: 'Blast Designer Pro' })}>
          Rename
        </button>
      </>
    );
  }

  render(
    <QueryClientProvider client={createQueryClient()}>
      <Offerings />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('Blast Designer')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
  expect(await screen.findByText('Blast Designer Pro')).toBeInTheDocument();
  expect(notify.success).toHaveBeenCalledWith('Offering saved');
});
