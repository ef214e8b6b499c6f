/**
 * The data table over N generated rows (?rows=N, default 1000), for bench/table/run.mjs. Not
 * part of either portal: the same DataTable a list screen uses, with no backend.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import 'bootstrap/dist/css/bootstrap.min.css';
import { ActionDisplay, ActionKind, ColumnType, DataTable } from '@/core/data-table';
import type { ColumnSettings, RowAction } from '@/core/data-table';

interface IssuedLicence {
  id: number;
  customer: string;
  product: string;
  seats: number;
  issued: string;
  expires: string;
  notes: string;
  owner: { firstName: string; lastName: string; email: string };
}

/** Deterministic data: the same rows on every run. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const words = [
  'Acme',
  'Borealis',
  'Cobalt',
  'Delta',
  'Echo',
  'Granite',
  'Quarry',
  'Basalt',
  'Iron',
  'Ridge',
  'North',
  'Vertex',
];
const products = [
  'Blast Designer',
  'Shot Planner',
  'Fragmentation Lab',
  'Vibration Monitor',
  'Drill Logger',
];
const first = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Ken', 'Linus', 'Margaret', ''];
const last = ['King', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Thompson', 'Torvalds', 'Hamilton'];

function generate(count: number): IssuedLicence[] {
  const random = mulberry32(42);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const day = 86_400_000;
  const base = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const firstName = pick(first);
    const lastName = pick(last);
    const issued = base + Math.floor(random() * 900) * day;
    return {
      id: index + 1,
      customer: `${pick(words)} ${pick(words)} ${index % 97}`,
      product: pick(products),
      seats: 1 + Math.floor(random() * 500),
      issued: new Date(issued).toISOString(),
      expires: new Date(issued + (30 + Math.floor(random() * 700)) * day).toISOString(),
      notes: `Licence ${index + 1} for ${pick(words)} site ${Math.floor(random() * 1000)}`,
      owner: { firstName, lastName, email: `${firstName || 'pending'}.${lastName}@example.com` },
    };
  });
}

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

const count = Number(new URLSearchParams(window.location.search).get('rows') ?? 1000);
const rows = generate(Number.isFinite(count) && count > 0 ? count : 1000);
const client = new QueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <DataTable columnSettings={settings} rows={rows} actions={actions} />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
(window as { __benchRows?: number }).__benchRows = rows.length;
