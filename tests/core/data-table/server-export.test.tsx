import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ColumnSettings, ListQuery, ListSource } from '@/core/data-table';
import { dataRows, renderTable } from './harness';
import { fakeSource, licenceSettings, licences, runQuery, type Licence } from './fake-source';

const settings: ColumnSettings<Licence> = {
  ...licenceSettings,
  csvMapperFn: (row) => ({ Id: row.id, Customer: row.customer, Seats: row.seats }),
};
const all = licences(250);

/** Saved files: the Blob behind each object URL, and the name each link downloaded as. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return `blob:${blobs.length}`;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return {
    names,
    async text(index = 0) {
      const bytes = new Uint8Array(await (blobs[index] as Blob).arrayBuffer());
      expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
      return new TextDecoder().decode(bytes.slice(3));
    },
  };
}

/** A source whose exportRows yields one batch each time the test lets it. */
function streamingSource() {
  const fake = fakeSource(all);
  const state = {
    signal: undefined as AbortSignal | undefined,
    query: undefined as ListQuery | undefined,
  };
  const gates: Array<() => void> = [];
  const source: ListSource<Licence> = {
    ...fake.source,
    async *exportRows(query, { signal }) {
      state.signal = signal;
      state.query = query;
      const rows = runQuery(all, query);
      for (let i = 0; i < rows.length; i += 100) {
        await new Promise<void>((resolve) => gates.push(resolve));
        signal.throwIfAborted();
        yield rows.slice(i, i + 100);
      }
    },
  };
  return {
    source,
    state,
    async next() {
      await waitFor(() => expect(gates.length).toBeGreaterThan(0));
      gates.shift()?.();
    },
    /** Lets the three batches of 250 rows through. */
    async all() {
      for (let i = 0; i < 3; i++) await this.next();
    },
  };
}

/** A server-mode table over the source, its first page shown. */
async function openTable(source: ListSource<Licence>) {
  const view = renderTable({ columnSettings: settings, queryKey: ['l'], source });
  await waitFor(() => expect(dataRows(view.container)).toHaveLength(20));
  return view;
}

beforeEach(() => {
  delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
});

describe('server mode CSV export (issue 16)', () => {
  it('exports every matching row as it streams in, with a labelled progress bar, into one file', async () => {
    const downloads = captureDownloads();
    const stream = streamingSource();
    const { user } = await openTable(stream.source);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const progress = await screen.findByRole('progressbar', { name: 'Exporting Issued Licences' });
    expect(progress).toHaveAttribute('aria-valuemax', '250');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await stream.all();
    await waitFor(() => expect(downloads.names).toEqual(['Issued Licences.csv']));
    expect(screen.queryByRole('progressbar')).toBeNull();
    const lines = (await downloads.text()).split('\n');
    expect(lines).toHaveLength(251);
    expect(lines[0]).toBe('"Id","Customer","Seats"');
    expect(lines[1]).toBe('"1","Customer 001","1"');
    expect(lines[250]).toBe('"250","Customer 250","250"');
  });

  it('Cancel (from the keyboard) stops the reading and saves nothing', async () => {
    const downloads = captureDownloads();
    const stream = streamingSource();
    const { user } = await openTable(stream.source);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await stream.next();
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    cancel.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(stream.state.signal?.aborted).toBe(true);
    expect(downloads.names).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('without exportRows, reads fetchPage page after page with the current query', async () => {
    const downloads = captureDownloads();
    const fake = fakeSource(all);
    const { user } = await openTable(fake.source);
    await user.type(screen.getByRole('searchbox', { name: 'Filter Customer' }), '2');
    await waitFor(() => expect(screen.getByText(/^Showing 1–20 of \d+$/)).toBeInTheDocument());
    const matching = runQuery(all, {
      search: '',
      filters: { customer: { kind: 'text', text: '2' } },
      sort: { id: 'customer', desc: false },
    });
    await waitFor(() =>
      expect(screen.getByText(`Showing 1–20 of ${matching.length}`)).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    const lines = (await downloads.text()).split('\n');
    expect(lines).toHaveLength(matching.length + 1);
    expect(fake.calls.at(-1)).toMatchObject({
      page: 1,
      pageSize: 1000,
      filters: { customer: { text: '2' } },
    });
  });

  it('writes straight to the chosen file where the browser can (showSaveFilePicker)', async () => {
    const downloads = captureDownloads();
    const written: string[] = [];
    const close = vi.fn(async () => undefined);
    const picker = vi.fn(async () => ({
      createWritable: async () => ({
        write: async (text: string) => void written.push(text),
        close,
        abort: vi.fn(async () => undefined),
      }),
    }));
    (window as { showSaveFilePicker?: unknown }).showSaveFilePicker = picker;
    const stream = streamingSource();
    const { user } = await openTable(stream.source);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(picker).toHaveBeenCalledWith(
      expect.objectContaining({ suggestedName: 'Issued Licences.csv' }),
    );
    await stream.all();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(written.join('').split('\n')).toHaveLength(251);
    expect(downloads.names).toEqual([]);
  });

  it('Export selected: "all matching" streams the query without the unticked rows', async () => {
    const downloads = captureDownloads();
    const stream = streamingSource();
    const { user } = await openTable(stream.source);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 250 matching' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 002' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Issued Licences actions' });
    await user.click(within(toolbar).getByRole('button', { name: 'Export selected' }));
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuemax', '249');
    await stream.all();
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    const lines = (await downloads.text()).split('\n');
    expect(lines).toHaveLength(250);
    expect(lines.some((line) => line.includes('Customer 002'))).toBe(false);
  });
});
