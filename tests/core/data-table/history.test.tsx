import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ColumnSettings } from '@/core/data-table';
import { columnTexts, renderTable } from './harness';
import { fakeSource, licenceSettings, licences } from './fake-source';

interface Part {
  id: number;
  name: string;
  qty: number;
  kind: string;
}
const parts: Part[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `Part ${String(i + 1).padStart(2, '0')}`,
  qty: i + 1,
  kind: i % 2 ? 'Bolt' : 'Nut',
}));
const settings: ColumnSettings<Part> = {
  entity: 'Parts',
  columns: [
    { id: 'name', title: 'Name' },
    { id: 'qty', title: 'Quantity', type: 'number' },
    { id: 'kind', title: 'Kind', filterOptions: ['Bolt', 'Nut'] },
  ],
  sortIndex: 0,
};
const names = (container: HTMLElement) => columnTexts(container, 0);
const partRange = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Part ${String(from + i).padStart(2, '0')}`);

const all = licences(250);
const customers = (container: HTMLElement) => columnTexts(container, 0);
const customerRange = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Customer ${String(from + i).padStart(3, '0')}`);

const pageButton = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name });

describe('Back and Forward walk through pages and sorts (issue 17)', () => {
  it('client mode: each page is a history entry', async () => {
    const { container, user, location, back, forward } = renderTable(
      { columnSettings: settings, rows: parts },
      { before: ['/home'] },
    );
    await user.click(pageButton('Page 2'));
    await user.click(pageButton('Next page'));
    expect(location()).toBe('/list?page=3');
    expect(names(container)).toEqual(partRange(41, 45));

    await back();
    expect(location()).toBe('/list?page=2');
    expect(names(container)).toEqual(partRange(21, 40));
    expect(pageButton('Page 2')).toHaveAttribute('aria-current', 'page');
    await back();
    expect(location()).toBe('/list');
    expect(names(container)).toEqual(partRange(1, 20));
    await forward();
    expect(location()).toBe('/list?page=2');
    expect(names(container)).toEqual(partRange(21, 40));
  });

  it('a sort is a history entry too: Back undoes it', async () => {
    const { container, user, location, back } = renderTable(
      { columnSettings: settings, rows: parts },
      { before: ['/home'] },
    );
    const heading = screen.getByRole('columnheader', { name: /Quantity/ });
    await user.click(within(heading).getByRole('button', { name: /Quantity/ }));
    await user.click(within(heading).getByRole('button', { name: /Quantity/ }));
    expect(location()).toBe('/list?sort=-qty');
    expect(names(container)[0]).toBe('Part 45');
    await back();
    expect(location()).toBe('/list?sort=qty');
    expect(names(container)[0]).toBe('Part 01');
    expect(heading).toHaveAttribute('aria-sort', 'ascending');
  });

  it('typing in the search box or a filter field adds no entry per keystroke', async () => {
    const { container, user, location, back } = renderTable(
      { columnSettings: settings, rows: parts },
      { before: ['/home'] },
    );
    await user.click(pageButton('Page 2'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'part 1');
    await user.type(screen.getByRole('textbox', { name: 'Quantity minimum' }), '12');
    await waitFor(() => expect(location()).toBe('/list?q=part+1&f.qty=12..'));
    // One Back leaves the typing and the page it started from: the entry before page 2.
    await back();
    expect(location()).toBe('/list');
    expect(names(container)).toEqual(partRange(1, 20));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('server mode: each page is a history entry', async () => {
    const { source } = fakeSource(all);
    const { container, user, location, back, forward } = renderTable(
      { columnSettings: licenceSettings, queryKey: ['l'], source },
      { before: ['/home'] },
    );
    await waitFor(() => expect(customers(container)).toEqual(customerRange(1, 20)));
    await user.click(pageButton('Next page'));
    await waitFor(() => expect(customers(container)).toEqual(customerRange(21, 40)));
    await user.click(pageButton('Next page'));
    await waitFor(() => expect(customers(container)).toEqual(customerRange(41, 60)));
    expect(location()).toBe('/list?page=3');

    await back();
    expect(location()).toBe('/list?page=2');
    await waitFor(() => expect(customers(container)).toEqual(customerRange(21, 40)));
    await back();
    expect(location()).toBe('/list');
    await waitFor(() => expect(customers(container)).toEqual(customerRange(1, 20)));
    await forward();
    expect(location()).toBe('/list?page=2');
    await waitFor(() => expect(customers(container)).toEqual(customerRange(21, 40)));
  });
});

describe('the address bar names the page shown (issue 17)', () => {
  it.each(['abc', '0', '-3', '1.5', '1'])(
    'client mode: ?page=%s shows page 1 and is taken out of the URL',
    (page) => {
      const { container, location } = renderTable(
        { columnSettings: settings, rows: parts },
        { url: `/list?view=all&page=${page}` },
      );
      expect(names(container)).toEqual(partRange(1, 20));
      expect(location()).toBe('/list?view=all');
    },
  );

  it('client mode: a page beyond the last shows the last page and replaces the entry', async () => {
    const { container, location, back } = renderTable(
      { columnSettings: settings, rows: parts },
      { url: '/list?page=99999', before: ['/home'] },
    );
    expect(names(container)).toEqual(partRange(41, 45));
    expect(location()).toBe('/list?page=3');
    expect(pageButton('Page 3')).toHaveAttribute('aria-current', 'page');
    // Back leaves the list: the page that does not exist is no entry of its own.
    await back();
    expect(location()).toBe('/home');
  });

  it('client mode: a sort or filter the table ignores leaves the URL', async () => {
    const { container, location, back } = renderTable(
      { columnSettings: settings, rows: parts },
      {
        url: '/list?q=part+1&f.kind=Screw&f.qty=abc&f.nope=1&f.name=&sort=-nope&view=all',
        before: ['/home'],
      },
    );
    expect(names(container)).toEqual(partRange(10, 19));
    expect(location()).toBe('/list?q=part+1&view=all');
    await back();
    expect(location()).toBe('/home');
  });

  it('client mode: what the table applies stays, written the way the table writes it', () => {
    const valid = renderTable(
      { columnSettings: settings, rows: parts },
      { url: '/list?f.kind=Nut&f.kind=Bolt&f.qty=50..10&sort=-qty' },
    );
    // The first of two values for one filter; a range written upside down reads the right way.
    expect(names(valid.container)).toEqual(
      Array.from({ length: 18 }, (_, i) => `Part ${45 - 2 * i}`),
    );
    expect(valid.location()).toBe('/list?f.kind=Nut&f.qty=10..50&sort=-qty');
  });

  it.each(['abc', '0', '-3', '1.5'])(
    'server mode: ?page=%s asks for page 1 and is taken out of the URL',
    async (page) => {
      const { source, calls } = fakeSource(all);
      const { container, location } = renderTable(
        { columnSettings: licenceSettings, queryKey: ['l'], source },
        { url: `/list?page=${page}&sort=nope&f.state=Gone` },
      );
      await waitFor(() => expect(customers(container)).toEqual(customerRange(1, 20)));
      expect(location()).toBe('/list');
      expect(calls[0]).toMatchObject({
        page: 1,
        filters: {},
        sort: { id: 'customer', desc: false },
      });
    },
  );

  it('server mode: a page beyond the last shows the last page and replaces the entry', async () => {
    const { source } = fakeSource(all);
    const { container, location, back } = renderTable(
      { columnSettings: licenceSettings, queryKey: ['l'], source },
      { url: '/list?page=99999', before: ['/home'] },
    );
    await waitFor(() => expect(customers(container)).toEqual(customerRange(241, 250)));
    await waitFor(() => expect(location()).toBe('/list?page=13'));
    await back();
    expect(location()).toBe('/home');
  });
});
