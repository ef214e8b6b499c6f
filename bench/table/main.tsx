/**
 * The data table over N generated rows, for bench/table/run.mjs. Not part of either portal: the
 * same DataTable a list screen uses, with no backend.
 *
 *   ?rows=N                    client mode: N rows handed in (default 1000)
 *   ?mode=server&rows=N        server mode: a ListSource answering from a worker that holds N
 *                              generated rows (fake-server.worker.ts), &latency=ms (default 25)
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import 'bootstrap/dist/css/bootstrap.min.css';
import { ActionDisplay, ActionKind, ColumnType, DataTable } from '@/core/data-table';
import type { ColumnSettings, ListSource, RowAction } from '@/core/data-table';
import { generate, type IssuedLicence } from './data';
import { createFakeServer } from './server-source';

const settings: ColumnSettings<IssuedLicence> = {
  entity: 'Issued Licences',
  columns: [
    { id: 'customer', title: 'Customer' },
    {
      id: 'product',
      title: 'Product',
      type: ColumnType.URL,
      linkFormat: '/offerings/product/{id}',
    },
    { id: 'seats', title: 'Seats', type: ColumnType.NUMBER },
    { id: 'issued', title: 'Issued', type: ColumnType.DATE },
    { id: 'expires', title: 'Expires', type: ColumnType.EXPIRED_DATE },
    { id: 'owner', title: 'Owner', type: ColumnType.USER },
    { id: 'notes', title: 'Notes' },
  ],
  sortIndex: 3,
  isDesc: true,
  csvMapperFn: (row) => ({ Customer: row.customer, Product: row.product, Seats: row.seats }),
};
const actions: RowAction<IssuedLicence>[] = [
  {
    action: ActionKind.CREATE,
    buttonTitle: 'Issue licence',
    buttonText: 'Issue',
    display: ActionDisplay.BUTTON,
  },
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Edit licence',
    buttonText: 'Edit',
    display: ActionDisplay.INLINE,
  },
];

const query = new URLSearchParams(window.location.search);
const count = Number(query.get('rows') ?? 1000);
const size = Number.isFinite(count) && count > 0 ? count : 1000;
const serverMode = query.get('mode') === 'server';
const rows = serverMode ? undefined : generate(size);
let source: ListSource<IssuedLicence> | undefined;
if (serverMode) {
  const latency = Number(query.get('latency') ?? 25);
  const server = createFakeServer(size, Number.isFinite(latency) ? latency : 25);
  source = server.source;
}
const client = new QueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <DataTable
          columnSettings={settings}
          rows={rows}
          source={source}
          queryKey={['bench', size]}
          actions={actions}
        />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
(window as { __benchRows?: number }).__benchRows = size;
// Server mode: the benchmark drops the answers no longer on screen before an interaction, so that
// a sort or a filter is measured against the server, not against TanStack's cache.
(window as { __benchForget?: () => void }).__benchForget = () =>
  client.removeQueries({ type: 'inactive' });
