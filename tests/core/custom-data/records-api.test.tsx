import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth, createApiClient } from '@/core/api';
import { config } from '@/core/config';
import {
  CustomDataRecordsPanel,
  customDataQueryOptions,
  useCustomDataHandlers,
} from '@/core/custom-data';
import { ToastHost } from '@/core/notify';
import { dataRows, TableProviders } from '../data-table/harness';
import { crm, ok } from '../../msw/envelope';
import { server } from '../../msw/server';
import { setupUser } from '../../user';

// Busy CI machines (2 cores): allow slow renders of the editor's dialog.
vi.setConfig({ testTimeout: 30_000 });

const BASE = 'orgs/7/custom-data';
const api = createApiClient(config.crmApiUrl);

interface Stored {
  id: number;
  name: string;
  description: string | null;
  executionPriority: number;
  data: string;
}

/** The owner's records as the CRM keeps them, and every change request it received. */
function crmWith(initial: Stored[]) {
  let rows = [...initial];
  const requests: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    http.get(crm(BASE), () => ok(rows)),
    http.post(crm(BASE), async ({ request }) => {
      const body = (await request.json()) as Omit<Stored, 'id'>;
      requests.push({ method: 'POST', path: new URL(request.url).pathname, body });
      const saved = { id: 99, ...body, description: body.description ?? null };
      rows = [...rows, saved];
      return ok(saved);
    }),
    http.put(crm(`${BASE}/:id`), async ({ request, params }) => {
      const body = (await request.json()) as Omit<Stored, 'id'>;
      requests.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      const saved = { id: Number(params.id), ...body, description: body.description ?? null };
      rows = rows.map((row) => (row.id === saved.id ? saved : row));
      return ok(saved);
    }),
    http.delete(crm(`${BASE}/:id`), ({ request, params }) => {
      requests.push({ method: 'DELETE', path: new URL(request.url).pathname });
      rows = rows.filter((row) => row.id !== Number(params.id));
      return ok({ id: Number(params.id) });
    }),
  );
  return requests;
}

/** An owner's custom data as a screen shows it: the list from the API and its handlers. */
function OwnerCustomData() {
  const { data = [] } = useQuery(customDataQueryOptions(api, BASE, ['orgs']));
  const handlers = useCustomDataHandlers(api, BASE, [['orgs']]);
  return <CustomDataRecordsPanel records={data} newRecordId={() => 'new-1'} {...handlers} />;
}

function renderOwner() {
  const user = setupUser();
  render(
    <>
      <ToastHost />
      <OwnerCustomData />
    </>,
    { wrapper: TableProviders },
  );
  return user;
}

const names = () =>
  dataRows(document.body).map((row) => within(row).getAllByRole('cell')[0]?.textContent);

let disconnect: () => void;
beforeEach(() => {
  disconnect = configureApiAuth({
    getUser: () => Promise.resolve({ access_token: 'token-1', expires_in: 3600 }),
    refresh: () => Promise.reject(new Error('not expected')),
    navigate: vi.fn(),
  });
});
afterEach(() => disconnect());

describe("an owner's custom data records against the API", () => {
  const banner: Stored = {
    id: 1,
    name: 'Banner',
    description: 'Shown on start',
    executionPriority: 3,
    data: '{"a":1}',
  };

  it('Edit saves the record with PUT {base}/{id}, says so, and the list shows the change', async () => {
    const requests = crmWith([banner]);
    const user = renderOwner();
    await user.click(await screen.findByRole('button', { name: 'Edit: Banner' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Custom Data' });
    const name = within(dialog).getByPlaceholderText('Enter Name');
    await user.clear(name);
    await user.type(name, 'Welcome');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Custom data 'Welcome' saved")).toBeInTheDocument();
    expect(requests).toEqual([
      {
        method: 'PUT',
        path: new URL(crm(`${BASE}/1`)).pathname,
        body: {
          name: 'Welcome',
          description: 'Shown on start',
          executionPriority: 3,
          data: '{"a":1}',
        },
      },
    ]);
    await waitFor(() => expect(names()).toEqual(['Welcome']));
  });

  it('Add posts a new record to {base} without the editor id, says it was added, and lists it', async () => {
    const requests = crmWith([banner]);
    const user = renderOwner();
    await screen.findByRole('button', { name: 'Edit: Banner' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Custom Data' });
    await user.type(within(dialog).getByPlaceholderText('Enter Name'), 'Fresh');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Custom data 'Fresh' added")).toBeInTheDocument();
    expect(requests).toEqual([
      {
        method: 'POST',
        path: new URL(crm(BASE)).pathname,
        body: { name: 'Fresh', description: '', executionPriority: 0, data: '{}' },
      },
    ]);
    await waitFor(() => expect(names()).toEqual(['Fresh', 'Banner']));
  });

  it('Delete removes the record with DELETE {base}/{id}, says so, and the list drops it', async () => {
    const requests = crmWith([banner, { ...banner, id: 2, name: 'Other' }]);
    const user = renderOwner();
    await user.click(await screen.findByRole('button', { name: 'Delete: Banner' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Custom Data' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Custom data 'Banner' deleted")).toBeInTheDocument();
    expect(requests).toEqual([{ method: 'DELETE', path: new URL(crm(`${BASE}/1`)).pathname }]);
    await waitFor(() => expect(names()).toEqual(['Other']));
  });
});
