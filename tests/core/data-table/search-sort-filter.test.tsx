import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataKind,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { columnTexts, dataRows, orgContext, renderTable } from './harness';

interface Item {
  id: number;
  name: string;
  qty: number;
  due: string;
  notes?: string;
  site?: string;
  owner?: { firstName: string; lastName: string; email: string };
}

const items: Item[] = [
  {
    id: 1,
    name: 'a.b*c',
    qty: 5,
    due: '2024-01-10T12:00:00',
    owner: { firstName: 'Ada', lastName: 'King', email: 'ADA@EXAMPLE.COM' },
  },
  {
    id: 2,
    name: 'aXbbbc',
    qty: 30,
    due: '2024-02-15T12:00:00',
    owner: { firstName: '', lastName: '', email: 'new@example.com' },
  },
  { id: 3, name: 'Alpha', qty: 12, due: '2024-03-20T12:00:00' },
  { id: 4, name: 'beta A.B*C', qty: 1, due: '2024-04-25T12:00:00' },
];

const settings: ColumnSettings<Item> = {
  entity: 'Items',
  columns: [
    { id: 'name', title: 'Name' },
    { id: 'qty', title: 'Quantity', type: ColumnType.NUMBER },
    { id: 'due', title: 'Due', type: ColumnType.DATE },
    { id: 'owner', title: 'Owner', type: ColumnType.USER },
  ],
  sortIndex: 1,
  isDesc: true,
};

describe('search (SPEC §5)', () => {
  it("takes special characters literally and ignores case: 'a.b*c'", async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: items });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'a.b*c');
    await waitFor(() => expect(dataRows(container)).toHaveLength(2));
    expect(columnTexts(container, 0).sort()).toEqual(['a.b*c', 'beta A.B*C']);
  });

  it('searches the displayed text of users', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: items });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pending user');
    await waitFor(() => expect(dataRows(container)).toHaveLength(1));
    expect(columnTexts(container, 3)).toEqual(['Pending user activation']);
  });
});

describe('sorting (SPEC §4)', () => {
  it('starts from sortIndex/isDesc and toggles from the header button, announcing aria-sort', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: items });
    expect(columnTexts(container, 1)).toEqual(['30', '12', '5', '1']);
    const qty = screen.getByRole('columnheader', { name: /Quantity/ });
    expect(qty).toHaveAttribute('aria-sort', 'descending');
    const name = screen.getByRole('columnheader', { name: /Name/ });
    expect(name).toHaveAttribute('aria-sort', 'none');
    await user.click(within(name).getByRole('button', { name: /Name/ }));
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(qty).toHaveAttribute('aria-sort', 'none');
    expect(columnTexts(container, 0)).toEqual(['a.b*c', 'Alpha', 'aXbbbc', 'beta A.B*C']);
    await user.click(within(name).getByRole('button', { name: /Name/ }));
    expect(name).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts dates by time and users by their display text', async () => {
    const { container, user } = renderTable({
      columnSettings: { ...settings, sortIndex: 2, isDesc: false },
      rows: items,
    });
    expect(columnTexts(container, 2)).toEqual([
      '2024/01/10',
      '2024/02/15',
      '2024/03/20',
      '2024/04/25',
    ]);
    await user.click(screen.getByRole('button', { name: /Owner/ }));
    // Missing values sort last.
    expect(columnTexts(container, 3)).toEqual([
      'Ada King <ada@example.com>',
      'Pending user activation',
      '',
      '',
    ]);
  });
});

describe('filter row (SPEC §5)', () => {
  it('filters a text column case-insensitively', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: items });
    await user.type(screen.getByRole('searchbox', { name: 'Filter Name' }), 'ALP');
    await waitFor(() => expect(columnTexts(container, 0)).toEqual(['Alpha']));
  });

  it("filters dates by 'Y/M/D From'/'Y/M/D To', swapping a start after the end", async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: items });
    const from = screen.getByPlaceholderText('Y/M/D From');
    const to = screen.getByPlaceholderText('Y/M/D To');
    await user.type(from, '2024/03/20');
    await user.type(to, '2024/02/01');
    await waitFor(() => expect(dataRows(container)).toHaveLength(2));
    expect(columnTexts(container, 2).sort()).toEqual(['2024/02/15', '2024/03/20']);
    await user.tab();
    expect(from).toHaveValue('2024/02/01');
    expect(to).toHaveValue('2024/03/20');
  });

  it('clears a bound whose text is not a date', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows: items });
    const from = screen.getByPlaceholderText('Y/M/D From');
    await user.type(from, '2024/03/01');
    await waitFor(() => expect(dataRows(container)).toHaveLength(2));
    await user.clear(from);
    await user.type(from, '2024/13/45');
    await waitFor(() => expect(dataRows(container)).toHaveLength(4));
    fireEvent.blur(from);
    expect(from).toHaveValue('');
  });
});

describe('column types and data kinds (SPEC §3)', () => {
  it('truncates strings at 75 characters with the full text in a tooltip, wide over 200', () => {
    const long = 'x'.repeat(80);
    const veryLong = 'y'.repeat(201);
    renderTable({
      columnSettings: { entity: 'Notes', columns: [{ id: 'notes', title: 'Notes' }] },
      rows: [
        { id: 1, notes: long },
        { id: 2, notes: veryLong },
      ],
    });
    expect(screen.getByText(`${'x'.repeat(75)}…`)).toBeInTheDocument();
    const tips = screen.getAllByRole('tooltip', { hidden: true });
    expect(tips[0]).toHaveTextContent(long);
    expect(tips[0]).not.toHaveClass('tip-wide');
    expect(tips[1]).toHaveClass('tip-wide');
  });

  it('sanitises HTML: an img onerror payload runs nothing', () => {
    const payload =
      '<b>bold</b><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const { container } = renderTable({
      columnSettings: {
        entity: 'Html',
        columns: [{ id: 'body', title: 'Body', dataKind: DataKind.HTML }],
      },
      rows: [{ id: 1, body: payload }],
    });
    const cell = container.querySelector('.dt-html');
    expect(cell?.querySelector('b')).toHaveTextContent('bold');
    expect(cell?.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(cell?.querySelector('script')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows licences, URL links from the link format (plain text without one) and expired dates in red', () => {
    const { container } = renderTable({
      columnSettings: {
        entity: 'Licences',
        columns: [
          { id: 'licences', title: 'Licences', dataKind: DataKind.LICENCES },
          {
            id: 'name',
            title: 'Product',
            type: ColumnType.URL,
            linkFormat: '/offerings/product/{productId}',
          },
          { id: 'expires', title: 'Expires', type: ColumnType.EXPIRED_DATE },
        ],
      },
      rows: [
        {
          id: 1,
          productId: 9,
          name: 'Blast Designer',
          expires: '2000-01-01T00:00:00Z',
          licences: [
            {
              subscription: { name: 'Gold' },
              product: { name: 'Blast Designer' },
              state: { name: 'Active' },
            },
          ],
        },
        { id: 2, name: 'Loose', expires: '2999-01-01T00:00:00Z', licences: [] },
      ],
    });
    expect(screen.getByText('Gold · Blast Designer · Active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Blast Designer' })).toHaveAttribute(
      'href',
      '/offerings/product/9',
    );
    expect(screen.queryByRole('link', { name: 'Loose' })).toBeNull();
    expect(screen.getByText('Loose')).toBeInTheDocument();
    const [expired, future] = Array.from(
      container.querySelectorAll<HTMLTableRowElement>('tbody tr'),
    ).map((row) => row.cells[3]);
    expect(expired?.querySelector('.text-danger')).toHaveTextContent('2000/01/01');
    expect(future?.querySelector('.text-danger')).toBeNull();
  });
});

describe('permissions (SPEC §6)', () => {
  const guarded: ColumnSettings<Item> = {
    entity: 'Items',
    columns: [
      { id: 'name', title: 'Name' },
      {
        id: 'qty',
        title: 'Quantity',
        type: ColumnType.NUMBER,
        permissions: { org: ['isOrgAdmin'] },
      },
      { id: 'due', title: 'Due', type: ColumnType.DATE, isVisible: false },
    ],
  };
  const actions: RowAction<Item>[] = [
    {
      action: ActionKind.CREATE,
      buttonTitle: 'Add item',
      display: ActionDisplay.BUTTON,
      permissions: { user: ['isSysadmin'] },
    },
    { action: ActionKind.EDIT, buttonTitle: 'Edit item', display: ActionDisplay.INLINE },
  ];

  it('hides columns and actions whose permission check fails, and columns with isVisible false', () => {
    renderTable({ columnSettings: guarded, rows: items, actions }, { org: orgContext() });
    expect(screen.queryByRole('columnheader', { name: /Quantity/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /Due/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add item' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Edit item/ })).toHaveLength(4);
  });

  it('shows them when the check passes', () => {
    renderTable(
      { columnSettings: guarded, rows: items, actions },
      { org: orgContext({ user: ['isSysadmin'], org: ['isOrgAdmin'] }) },
    );
    expect(screen.getByRole('columnheader', { name: /Quantity/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add item' })).toBeInTheDocument();
  });
});
