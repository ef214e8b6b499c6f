import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  BulkActionSetting,
  BulkContext,
  BulkHandler,
  BulkResult,
  ListSelection,
} from '@/core/data-table';
import { columnTexts, dataRows, orgContext, renderTable } from './harness';
import { fakeSource, licenceSettings, licences, type Licence } from './fake-source';

const settings = licenceSettings;
const all = licences(250);
const ribbon = () => screen.getByRole('toolbar', { name: 'Issued Licences actions' });
const banner = (container: HTMLElement) => container.querySelector('.dt-selection-banner');

async function openServerTable({
  bulk,
  bulkActions,
}: {
  bulk?: Record<string, BulkHandler<Licence>>;
  bulkActions?: BulkActionSetting[];
} = {}) {
  const fake = fakeSource(all, { bulk });
  const view = renderTable<Licence>(
    { columnSettings: settings, queryKey: ['l'], source: fake.source, bulkActions },
    { org: orgContext() },
  );
  await waitFor(() => expect(dataRows(view.container)).toHaveLength(20));
  return { ...view, fake };
}

async function goToPage(
  user: ReturnType<typeof renderTable>['user'],
  container: HTMLElement,
  page: number,
) {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  await user.click(within(nav).getByRole('button', { name: `Page ${page}` }));
  const first = String((page - 1) * 20 + 1).padStart(3, '0');
  await waitFor(() => expect(columnTexts(container, 0)[0]).toBe(`Customer ${first}`));
}

describe('selection across pages in server mode (issue 16)', () => {
  it('keeps selected rows by id across pages and filters, and says how many are elsewhere', async () => {
    const { container, user } = await openServerTable();
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 001' }));
    await goToPage(user, container, 2);
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 021' }));
    expect(within(ribbon()).getByText('2 selected')).toBeInTheDocument();
    expect(banner(container)).toHaveTextContent('2 selected, 1 of them on other pages.');
    await goToPage(user, container, 1);
    expect(screen.getByRole('checkbox', { name: 'Select Customer 001' })).toBeChecked();
    // A filter changes the rows shown, not the selection.
    await user.type(screen.getByRole('searchbox', { name: 'Filter Customer' }), '02');
    await waitFor(() => expect(columnTexts(container, 0)[0]).toBe('Customer 002'));
    expect(within(ribbon()).getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Customer 021' })).toBeChecked();
    await user.click(
      within(banner(container) as HTMLElement).getByRole('button', { name: 'Clear selection' }),
    );
    expect(within(ribbon()).queryByText(/selected/)).toBeNull();
    expect(banner(container)).toBeNull();
  });

  it("the header checkbox adds a page's rows to the rows selected on other pages", async () => {
    const { container, user } = await openServerTable();
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 001' }));
    await goToPage(user, container, 2);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(within(ribbon()).getByText('21 selected')).toBeInTheDocument();
    await goToPage(user, container, 1);
    expect(screen.getByRole('checkbox', { name: 'Select Customer 001' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Customer 002' })).not.toBeChecked();
    // And takes them out again, leaving the others.
    await goToPage(user, container, 2);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(within(ribbon()).getByText('1 selected')).toBeInTheDocument();
    await goToPage(user, container, 1);
    expect(screen.getByRole('checkbox', { name: 'Select Customer 001' })).toBeChecked();
  });

  it('counts picked rows exactly when the total is an estimate; all matching is "about"', async () => {
    const fake = fakeSource(all, { totalIsEstimate: true });
    const { container, user } = renderTable<Licence>(
      { columnSettings: settings, queryKey: ['l'], source: fake.source },
      { org: orgContext() },
    );
    await waitFor(() => expect(dataRows(container)).toHaveLength(20));
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 001' }));
    expect(within(ribbon()).getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all about 250 matching' }));
    expect(within(ribbon()).getByText('about 250 selected')).toBeInTheDocument();
  });

  it('offers "Select all N matching" once the page is selected, and the way back', async () => {
    const { container, user } = await openServerTable();
    const header = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    await user.click(header);
    expect(banner(container)).toHaveTextContent('All 20 rows on this page are selected.');
    const selectAll = screen.getByRole('button', { name: 'Select all 250 matching' });
    // Keyboard operable: Tab reaches it, Enter presses it.
    selectAll.focus();
    await user.keyboard('{Enter}');
    expect(banner(container)).toHaveTextContent('All 250 matching rows are selected.');
    expect(within(ribbon()).getByText('250 selected')).toBeInTheDocument();
    await goToPage(user, container, 3);
    expect(dataRows(container).every((row) => row.getAttribute('aria-selected') === 'true')).toBe(
      true,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 045' }));
    expect(within(ribbon()).getByText('249 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(within(ribbon()).queryByText(/selected/)).toBeNull();
    expect(dataRows(container).some((row) => row.getAttribute('aria-selected') === 'true')).toBe(
      false,
    );
  });

  it('"all matching" belongs to its query: a new search ends it', async () => {
    const { container, user } = await openServerTable();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 250 matching' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '1');
    await waitFor(() => expect(banner(container)).toBeNull());
    expect(within(ribbon()).queryByText(/selected/)).toBeNull();
  });
});

describe('bulk actions (issue 16)', () => {
  function gatedBulk() {
    const received: ListSelection<Licence>[] = [];
    let context: BulkContext | undefined;
    let finish: (result: BulkResult) => void = () => undefined;
    const renew = vi.fn((selection: ListSelection<Licence>, ctx: BulkContext) => {
      received.push(selection);
      context = ctx;
      return new Promise<BulkResult>((resolve) => (finish = resolve));
    });
    return { renew, received, context: () => context, finish: (r: BulkResult) => finish(r) };
  }

  it('runs once for "all matching": the count before confirming, progress while it runs, then what was done and refused', async () => {
    const bulk = gatedBulk();
    const { user, fake } = await openServerTable({
      bulk: { renew: bulk.renew },
      bulkActions: [{ id: 'renew', label: 'Renew' }],
    });
    // No selection, no bulk button.
    expect(screen.queryByRole('button', { name: 'Renew' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 250 matching' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 005' }));
    await user.click(within(ribbon()).getByRole('button', { name: 'Renew' }));

    const dialog = await screen.findByRole('dialog', { name: 'Renew' });
    expect(dialog).toHaveTextContent('Renew 249 records?');
    expect(bulk.renew).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(bulk.renew).toHaveBeenCalledTimes(1);
    expect(bulk.received[0]).toEqual({
      kind: 'matching',
      query: { search: '', filters: {}, sort: { id: 'customer', desc: false } },
      excludedIds: ['5'],
      count: 249,
      countIsEstimate: false,
    });
    expect(within(dialog).getByText('Working on 249 records…')).toBeInTheDocument();
    act(() => bulk.context()?.onProgress(100, 249));
    const progress = within(dialog).getByRole('progressbar', { name: 'Renew in progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '100');
    expect(progress).toHaveAttribute('aria-valuemax', '249');
    // It cannot be closed while it runs.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Renew' })).toBeInTheDocument();

    const callsBefore = fake.calls.length;
    await act(async () =>
      bulk.finish({
        done: 239,
        refused: 10,
        reasons: [{ reason: 'Licence is suspended', count: 10 }],
      }),
    );
    expect(within(dialog).getByText('Done: 239.')).toBeInTheDocument();
    expect(within(dialog).getByText('Refused: 10.')).toBeInTheDocument();
    expect(within(dialog).getByText('10: Licence is suspended')).toBeInTheDocument();
    // The table refreshes and the selection is cleared.
    await waitFor(() => expect(fake.calls.length).toBeGreaterThan(callsBefore));
    expect(within(ribbon()).queryByText(/selected/)).toBeNull();
    const [, close] = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"all matching" sends the query it was chosen under', async () => {
    const bulk = gatedBulk();
    const { container, user } = await openServerTable({
      bulk: { renew: bulk.renew },
      bulkActions: [{ id: 'renew', label: 'Renew' }],
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Customer 1');
    await waitFor(() => expect(columnTexts(container, 0)[0]).toBe('Customer 100'));
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 100 matching' }));
    await user.click(within(ribbon()).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew' });
    expect(dialog).toHaveTextContent('Renew 100 records?');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(bulk.received[0]).toMatchObject({
      kind: 'matching',
      query: { search: 'Customer 1' },
      count: 100,
    });
  });

  it('sends picked ids with their rows, and hides actions the user may not run', async () => {
    const bulk = gatedBulk();
    const { container, user } = await openServerTable({
      bulk: { renew: bulk.renew, purge: vi.fn() },
      bulkActions: [
        { id: 'renew', label: 'Renew' },
        { id: 'purge', label: 'Purge', permissions: { user: ['isSysadmin'] } },
        { id: 'missing', label: 'Not in the source' },
      ],
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 002' }));
    await goToPage(user, container, 2);
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 030' }));
    expect(within(ribbon()).queryByRole('button', { name: 'Purge' })).toBeNull();
    expect(within(ribbon()).queryByRole('button', { name: 'Not in the source' })).toBeNull();
    await user.click(within(ribbon()).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew' });
    expect(dialog).toHaveTextContent('Renew 2 records?');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(bulk.received[0]).toEqual({ kind: 'ids', ids: ['2', '30'], rows: [all[1], all[29]] });
  });

  it('a failed run says why and keeps the selection, to be tried again as it was', async () => {
    const renew = vi
      .fn<BulkHandler<Licence>>()
      .mockRejectedValueOnce(new Error('The licences could not be renewed: try again'))
      .mockResolvedValueOnce({ done: 2, refused: 0, reasons: [] });
    const { container, user, fake } = await openServerTable({
      bulk: { renew },
      bulkActions: [{ id: 'renew', label: 'Renew' }],
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 002' }));
    await goToPage(user, container, 2);
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 030' }));
    await user.click(within(ribbon()).getByRole('button', { name: 'Renew' }));
    let dialog = await screen.findByRole('dialog', { name: 'Renew' });
    const callsBefore = fake.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The licences could not be renewed: try again',
    );
    // The rows are read again (some may have changed), and the two picks stay.
    await waitFor(() => expect(fake.calls.length).toBeGreaterThan(callsBefore));
    expect(within(ribbon()).getByText('2 selected')).toBeInTheDocument();
    const [, close] = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(ribbon()).getByRole('button', { name: 'Renew' }));
    dialog = await screen.findByRole('dialog', { name: 'Renew' });
    expect(dialog).toHaveTextContent('Renew 2 records?');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await within(dialog).findByText('Done: 2.')).toBeInTheDocument();
    expect(renew.mock.calls.map(([selection]) => selection)).toEqual([
      { kind: 'ids', ids: ['2', '30'], rows: [all[1], all[29]] },
      { kind: 'ids', ids: ['2', '30'], rows: [all[1], all[29]] },
    ]);
    await waitFor(() => expect(within(ribbon()).queryByText(/selected/)).toBeNull());
  });

  it('Cancel in the confirmation runs nothing', async () => {
    const bulk = gatedBulk();
    const { user } = await openServerTable({
      bulk: { renew: bulk.renew },
      bulkActions: [{ id: 'renew', label: 'Renew', confirmText: (n) => `Renew ${n} licences?` }],
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 003' }));
    await user.click(within(ribbon()).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Renew 1 licences?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bulk.renew).not.toHaveBeenCalled();
    expect(within(ribbon()).getByText('1 selected')).toBeInTheDocument();
  });

  it("asks for the action's input first and hands its values to the one request", async () => {
    const bulk = gatedBulk();
    const { user } = await openServerTable({
      bulk: { renew: bulk.renew },
      bulkActions: [
        {
          id: 'renew',
          label: 'Renew',
          input: {
            settings: {
              rows: [[{ field: 'note', type: 'string', title: 'Note', isMandatory: true }]],
            },
            toParams: (values) => ({ note: values['note'] }),
          },
        },
      ],
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 003' }));
    await user.click(within(ribbon()).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew' });
    expect(dialog).toHaveTextContent('Renew 1 record?');
    // Its own fields are validated before anything runs.
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await within(dialog).findByText('Mandatory field')).toBeInTheDocument();
    expect(bulk.renew).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(/^Note/), 'next year');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(bulk.renew).toHaveBeenCalledTimes(1));
    expect(bulk.context()?.params).toEqual({ note: 'next year' });
  });
});
