import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ColumnSettings } from '@/core/data-table';
import { pageWindow, readPageParam, withPageParam } from '@/core/data-table/pagination';
import { columnTexts, dataRows, renderTable } from './harness';

interface Row {
  id: number;
  n: number;
}
const rows: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, n: i + 1 }));
const settings: ColumnSettings<Row> = {
  entity: 'Numbers',
  columns: [{ id: 'n', title: 'N', type: 'number' }],
  sortIndex: 0,
};

describe('page window (SPEC §2)', () => {
  it('shows the first, the last and a window around the current page with ellipses', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 'ellipsis-end', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'ellipsis-start', 18, 19, 20]);
  });

  it('reads page 1-based from the query and removes it for page 1', () => {
    expect(readPageParam(new URLSearchParams('page=3'))).toBe(3);
    expect(readPageParam(new URLSearchParams('page=0'))).toBe(1);
    expect(readPageParam(new URLSearchParams('page=abc'))).toBe(1);
    // Past 2^53: the furthest page, never a rounded one or Infinity (written back as such).
    expect(readPageParam(new URLSearchParams('page=99999999999999999999'))).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(readPageParam(new URLSearchParams(`page=${'9'.repeat(400)}`))).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(withPageParam(new URLSearchParams('q=1&page=3'), 1).toString()).toBe('q=1');
    expect(withPageParam(new URLSearchParams('q=1'), 2).toString()).toBe('q=1&page=2');
  });
});

describe('pagination (SPEC §2, §4)', () => {
  it('keeps the page in the query parameter page; page 1 removes it', async () => {
    const { container, user, location } = renderTable({ columnSettings: settings, rows });
    expect(dataRows(container)).toHaveLength(20);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(location()).toBe('/list?page=2');
    expect(columnTexts(container, 0)[0]).toBe('21');
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(location()).toBe('/list?page=3');
    expect(dataRows(container)).toHaveLength(5);
    await user.click(within(nav).getByRole('button', { name: 'Page 1' }));
    expect(location()).toBe('/list');
  });

  it('opens at the page in the URL, and jumps to the last page from beyond it', () => {
    const { container, location } = renderTable(
      { columnSettings: settings, rows },
      { url: '/list?sort=x&page=9' },
    );
    // Issue 17: the unknown sort leaves the URL too.
    expect(location()).toBe('/list?page=3');
    expect(columnTexts(container, 0)).toEqual(['41', '42', '43', '44', '45']);
  });

  it('stores the page size as page_size and follows other tabs through the storage event', async () => {
    const { container, user } = renderTable({ columnSettings: settings, rows });
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveValue('20');
    await user.selectOptions(select, '30');
    expect(localStorage.getItem('page_size')).toBe('30');
    expect(dataRows(container)).toHaveLength(30);
    // Another tab chooses 50.
    act(() => {
      localStorage.setItem('page_size', '50');
      window.dispatchEvent(new StorageEvent('storage', { key: 'page_size' }));
    });
    expect(select).toHaveValue('50');
    expect(dataRows(container)).toHaveLength(45);
  });
});
