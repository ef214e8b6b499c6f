import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
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
const ids = <T extends object>(i: RowIndex<T>, positions: Int32Array) =>
  Array.from(positions, (p) => i.idAt(p));

describe('RowIndex', () => {
  it('sorts stably with missing values last in both directions, and caches the order', () => {
    const i = index();
    expect(ids(i, i.order([{ id: 'name', desc: false }]))).toEqual(['3', '4', '1', '2']);
    expect(ids(i, i.order([{ id: 'name', desc: true }]))).toEqual(['1', '3', '4', '2']);
    expect(i.order([{ id: 'name', desc: false }])).toBe(i.order([{ id: 'name', desc: false }]));
    expect(i.order([{ id: 'name', desc: true }])).toBe(i.order([{ id: 'name', desc: true }]));
    expect(ids(i, i.order([]))).toEqual(['1', '2', '3', '4']);
  });

  it('each column keeps its own descending order', () => {
    const i = index();
    expect(ids(i, i.order([{ id: 'name', desc: true }]))).toEqual(['1', '3', '4', '2']);
    expect(ids(i, i.order([{ id: 'when', desc: true }]))).toEqual(['4', '1', '3', '2']);
    expect(ids(i, i.order([{ id: 'name', desc: true }]))).toEqual(['1', '3', '4', '2']);
  });

  it('without a search or a filter the displayed rows are the sorted order itself, not a copy', () => {
    const i = index();
    const byName = [{ id: 'name', desc: false }];
    expect(i.displayed(byName, '', [])).toBe(i.order(byName));
    expect(i.displayed(byName, '', [{ id: 'name', value: '' }])).toBe(i.order(byName));
  });

  it("reads each row's value once per column, however many sorts and filters use it", () => {
    const read = vi.fn((row: R) => row.name);
    const i = new RowIndex(rows, [{ id: 'name', title: 'Name', accessor: read }], (row) =>
      String(row.id),
    );
    i.order([{ id: 'name', desc: false }]);
    i.order([{ id: 'name', desc: true }]);
    i.displayed([], '', [{ id: 'name', value: 'a' }]);
    i.displayed([], '', [{ id: 'name', value: 'b' }]);
    expect(read).toHaveBeenCalledTimes(rows.length);
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

/** RowIndex's order against a stable reference sort, both directions, missing values last. */
function expectReferenceOrder() {
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
    {
      numRuns: 200,
      // Ties, values after missing ones, and no value at all.
      examples: [[[2, undefined, 1, 2, undefined, 0, 1]], [[undefined, undefined, undefined]]],
    },
  );
}

describe('RowIndex order (property)', () => {
  it('matches a stable reference sort in both directions, missing values last', () => {
    expectReferenceOrder();
  });

  it('the same order when the browser sorts by comparing a later row with an earlier one', () => {
    // V8's sort compares an earlier row with a later one; another browser's sort need not.
    const sort = vi.spyOn(Int32Array.prototype, 'sort').mockImplementation(function insertionSort(
      this: Int32Array,
      compare,
    ) {
      for (let n = 1; n < this.length; n++) {
        const later = this[n] as number;
        let at = n;
        for (; at > 0 && (compare?.(later, this[at - 1] as number) ?? 0) < 0; at--) {
          this[at] = this[at - 1] as number;
        }
        this[at] = later;
      }
      return this;
    });
    try {
      expectReferenceOrder();
      expect(sort).toHaveBeenCalled();
    } finally {
      sort.mockRestore();
    }
  });
});

describe('RowIndex: ids, search and filters', () => {
  it('finds a row by its id; an unknown id or position finds nothing', () => {
    const i = index();
    expect(i.rowById('4')).toBe(rows[3]);
    expect(i.rowById('1')).toBe(rows[0]);
    expect(i.rowById('9')).toBeUndefined();
    expect(i.idAt(2)).toBe('3');
    expect(i.idAt(7)).toBe('7');
  });

  it('searches the searchable columns only, and never across two cells', () => {
    interface P {
      id: number;
      first: string;
      second: string;
      on: boolean;
      hidden: string;
    }
    const people: P[] = [
      { id: 1, first: 'ab', second: 'cd', on: true, hidden: 'secret' },
      { id: 2, first: 'bc', second: 'xy', on: false, hidden: '' },
    ];
    const i = new RowIndex(
      people,
      [
        { id: 'first', title: 'First' },
        { id: 'second', title: 'Second' },
        { id: 'on', title: 'On', type: 'toggle-switch' },
        { id: 'hidden', title: 'Hidden', isSearchable: false },
      ],
      (row) => String(row.id),
    );
    expect(ids(i, i.displayed([], 'bc', []))).toEqual(['2']);
    expect(ids(i, i.displayed([], 'CD', []))).toEqual(['1']);
    expect(ids(i, i.displayed([], 'on', []))).toEqual([]);
    expect(ids(i, i.displayed([], 'secret', []))).toEqual([]);
    expect(ids(i, i.displayed([], 'zz', []))).toEqual([]);
  });

  it('every filter must pass; a filter of an unknown column or without a value is ignored', () => {
    const i = index();
    const noSort: [] = [];
    expect(
      ids(
        i,
        i.displayed(noSort, '', [
          { id: 'on', value: 'on' },
          { id: 'name', value: 'alpha' },
        ]),
      ),
    ).toEqual(['3']);
    expect(
      ids(
        i,
        i.displayed(noSort, '', [
          { id: 'name', value: 'alpha' },
          { id: 'on', value: 'on' },
        ]),
      ),
    ).toEqual(['3']);
    expect(ids(i, i.displayed(noSort, 'a', [{ id: 'on', value: 'off' }]))).toEqual(['4']);
    expect(
      ids(
        i,
        i.displayed(noSort, '', [
          { id: 'nope', value: 'x' },
          { id: 'name', value: '' },
        ]),
      ),
    ).toEqual(['1', '2', '3', '4']);
  });

  it('sorting by an unknown column keeps the data order', () => {
    const i = index();
    expect(ids(i, i.order([{ id: 'nope', desc: true }]))).toEqual(['1', '2', '3', '4']);
    expect(ids(i, i.displayed([{ id: 'nope', desc: false }], '', []))).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
  });

  it('sorts text descending with ties in data order', () => {
    const data = [
      { id: 1, name: 'b' },
      { id: 2, name: 'a' },
      { id: 3, name: 'B' },
      { id: 4, name: 'c' },
      { id: 5, name: '' },
      { id: 6, name: 'a' },
    ];
    const i = new RowIndex(data, [{ id: 'name', title: 'Name' }], (row) => String(row.id));
    expect(ids(i, i.order([{ id: 'name', desc: false }]))).toEqual(['2', '6', '1', '3', '4', '5']);
    expect(ids(i, i.order([{ id: 'name', desc: true }]))).toEqual(['4', '1', '3', '2', '6', '5']);
  });

  it('warming in idle time finishes, and leaves the same answers as without it', () => {
    const many = Array.from({ length: 4500 }, (_, n) => ({
      id: n,
      name: `Name ${4500 - n}`,
      on: n % 2 === 0,
      menu: 'x',
    }));
    const settings: ColumnSetting<(typeof many)[number]>[] = [
      { id: 'name', title: 'Name' },
      { id: 'on', title: 'On', type: 'toggle-switch' },
      { id: 'menu', title: 'Menu', type: 'button-dropdown' },
    ];
    const warmed = new RowIndex(many, settings, (row) => String(row.id));
    const cold = new RowIndex(many, settings, (row) => String(row.id));
    let steps = 0;
    while (warmed.warmStep()) {
      steps += 1;
      if (steps > 100) throw new Error('warming never ends');
    }
    // Three slices of search text, three columns' keys, one sortable column's order.
    expect(steps).toBe(7);
    expect(warmed.warmStep()).toBe(false);
    expect(warmed.search()).toEqual(cold.search());
    expect(warmed.search()[0]).toBe('name 4500');
    expect(warmed.search()).toHaveLength(4500);
    const sort = [{ id: 'name', desc: false }];
    expect(Array.from(warmed.displayed(sort, '450', []))).toEqual(
      Array.from(cold.displayed(sort, '450', [])),
    );
    // Text order: "name 1", "name 10"...
    expect(Array.from(warmed.order(sort)).slice(0, 2)).toEqual([4499, 4490]);
  });

  it('warming a small list is a few steps; an empty one has only its sort left', () => {
    const i = index();
    const results: boolean[] = [];
    for (let n = 0; n < 8; n++) results.push(i.warmStep());
    // Search text, three keys, the name and date orders (the switch does not sort), then done.
    expect(results).toEqual([true, true, true, true, true, true, false, false]);
    const empty = new RowIndex<R>([], columns, (row) => String(row.id));
    expect(empty.warmStep()).toBe(true);
    expect(empty.warmStep()).toBe(true);
    expect(empty.warmStep()).toBe(true);
    expect(empty.warmStep()).toBe(true);
    expect(empty.warmStep()).toBe(true);
    expect(empty.warmStep()).toBe(false);
  });
});
