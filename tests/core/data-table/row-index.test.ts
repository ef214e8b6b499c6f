import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowIndex } from '@/core/data-table/row-index';
import type { ColumnSetting } from '@/core/data-table';

interface R {
  id: number;
  name: string | null;
  when: string;
  on: boolean;
}
const rows: R[] = [
  { id: 1, name: 'beta', when: '2024-03-01T10:00:00', on: true },
  { id: 2, name: null, when: '2024-01-01T10:00:00', on: false },
  { id: 3, name: 'Alpha', when: '2024-02-01T10:00:00', on: true },
  { id: 4, name: 'alpha', when: '2024-04-01T10:00:00', on: false },
];
const columns: ColumnSetting<R>[] = [
  { id: 'name', title: 'Name' },
  { id: 'when', title: 'When', type: 'date' },
  { id: 'on', title: 'On', type: 'toggle-switch' },
];
const index = () => new RowIndex(rows, columns, (row) => String(row.id));
const ids = (i: RowIndex<R>, positions: Int32Array) => Array.from(positions, (p) => i.idAt(p));

describe('RowIndex', () => {
  it('sorts stably with missing values last in both directions, and caches the order', () => {
    const i = index();
    expect(ids(i, i.order([{ id: 'name', desc: false }]))).toEqual(['3', '4', '1', '2']);
    expect(ids(i, i.order([{ id: 'name', desc: true }]))).toEqual(['1', '3', '4', '2']);
    expect(i.order([{ id: 'name', desc: false }])).toBe(i.order([{ id: 'name', desc: false }]));
    expect(ids(i, i.order([]))).toEqual(['1', '2', '3', '4']);
  });

  it('filters in the sorted order: search, text, date range (swapped) and toggle', () => {
    const i = index();
    const byWhen = [{ id: 'when', desc: false }];
    expect(ids(i, i.displayed(byWhen, 'ALPHA', []))).toEqual(['3', '4']);
    const range = { from: new Date(2024, 2, 15).getTime(), to: new Date(2024, 1, 1).getTime() };
    expect(ids(i, i.displayed(byWhen, '', [{ id: 'when', value: range }]))).toEqual(['3', '1']);
    expect(ids(i, i.displayed(byWhen, '', [{ id: 'on', value: 'off' }]))).toEqual(['2', '4']);
    expect(ids(i, i.displayed(byWhen, '', [{ id: 'name', value: 'ET' }]))).toEqual(['1']);
    expect(i.rowById('3')?.name).toBe('Alpha');
  });
});

describe('RowIndex order (property)', () => {
  it('matches a stable reference sort in both directions, missing values last', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }), { maxLength: 40 }),
        (values) => {
          const data = values.map((value, id) => ({ id, value }));
          const column: ColumnSetting<(typeof data)[number]> = {
            id: 'value',
            title: 'Value',
            type: 'number',
          };
          const i = new RowIndex(data, [column], (row) => String(row.id));
          for (const desc of [false, true]) {
            const reference = [...data]
              .sort((a, b) => {
                if (a.value === undefined) return b.value === undefined ? a.id - b.id : 1;
                if (b.value === undefined) return -1;
                const c = (a.value - b.value) * (desc ? -1 : 1);
                return c === 0 ? a.id - b.id : c;
              })
              .map((row) => row.id);
            expect(Array.from(i.order([{ id: 'value', desc }]))).toEqual(reference);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
