import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ColumnSetting } from '@/core/data-table';
import {
  filterFromToken,
  filterToken,
  parseNumberInput,
  type FilterValue,
} from '@/core/data-table/filter-values';
import {
  nextSort,
  readListQuery,
  sameQuery,
  withListQuery,
  type ListQuery,
  type SortState,
} from '@/core/data-table/list-params';

const columns: ColumnSetting<never>[] = [
  { id: 'customerOrg.name', title: 'Customer' },
  { id: 'seats', title: 'Seats', type: 'number' },
  { id: 'expiry', title: 'Expiry', type: 'expired-date' },
  { id: 'state.name', title: 'State', filterOptions: ['Active', 'Suspended'] },
  { id: 'enabled', title: 'Enabled', type: 'toggle-switch' },
  { id: 'menu', title: 'More', type: 'button-dropdown' },
];
const fallback: SortState = { id: 'customerOrg.name', desc: false };
const read = (search: string) => readListQuery(new URLSearchParams(search), columns, fallback);

describe('list state in the URL (issue 16)', () => {
  it('reads compact, readable parameters: q, sort (- for descending), f.<column> per kind', () => {
    expect(
      read(
        'q=bor&sort=-seats&f.customerOrg.name=acme&f.seats=10..50&f.expiry=2024-01-01..2024-06-30&f.state.name=Suspended&f.enabled=off',
      ),
    ).toEqual({
      search: 'bor',
      sort: { id: 'seats', desc: true },
      filters: {
        'customerOrg.name': { kind: 'text', text: 'acme' },
        seats: { kind: 'number', min: 10, max: 50 },
        expiry: { kind: 'date', from: '2024-01-01', to: '2024-06-30' },
        'state.name': { kind: 'select', value: 'Suspended' },
        enabled: { kind: 'boolean', value: false },
      },
    });
    expect(read('f.seats=10..').filters['seats']).toEqual({ kind: 'number', min: 10 });
    expect(read('f.expiry=..2024-06-30').filters['expiry']).toEqual({
      kind: 'date',
      to: '2024-06-30',
    });
  });

  it('uses the initial sort without a sort parameter, and no sort for an empty one', () => {
    expect(read('').sort).toEqual(fallback);
    expect(read('sort=').sort).toBeNull();
    expect(read('sort=seats').sort).toEqual({ id: 'seats', desc: false });
  });

  it('ignores bad values safely: unknown or unsortable columns, wrong kinds, impossible dates', () => {
    const query = read(
      [
        'sort=-nope',
        'f.nope=x',
        'f.menu=x',
        'f.seats=ten..20',
        'f.seats=5',
        'f.expiry=2024-02-30..',
        'f.expiry=2024/01/01..',
        'f.state.name=Deleted',
        'f.enabled=yes',
        'f.customerOrg.name=',
      ].join('&'),
    );
    expect(query).toEqual({ search: '', filters: {}, sort: fallback });
    // A sort by a column that cannot sort falls back too; so does an over-long search.
    expect(read('sort=enabled').sort).toEqual(fallback);
    expect(read(`q=${'x'.repeat(501)}`).search).toBe('');
  });

  it('a hidden column (not among the shown ones) neither sorts nor filters', () => {
    const shown = columns.filter((column) => column.id !== 'seats');
    expect(readListQuery(new URLSearchParams('sort=seats&f.seats=1..2'), shown, fallback)).toEqual({
      search: '',
      filters: {},
      sort: fallback,
    });
  });

  it('writes only what changed, keeps the screen’s own parameters, and a new search goes to page 1', () => {
    const start = new URLSearchParams('view=customers&page=4&sort=x');
    expect(withListQuery(start, { page: 5 }, fallback).toString()).toBe(
      'view=customers&page=5&sort=x',
    );
    expect(withListQuery(start, { search: 'a b' }, fallback).toString()).toBe(
      'view=customers&sort=x&q=a+b',
    );
    expect(
      withListQuery(start, { filters: { seats: { kind: 'number', max: 9 } } }, fallback).toString(),
    ).toBe('view=customers&sort=x&f.seats=..9');
    // The initial sort is written as no parameter; no sort as an empty one.
    expect(withListQuery(start, { sort: fallback }, fallback).get('sort')).toBeNull();
    expect(withListQuery(start, { sort: null }, fallback).get('sort')).toBe('');
    expect(withListQuery(start, { sort: { id: 'seats', desc: true } }, fallback).get('sort')).toBe(
      '-seats',
    );
    const cleared = withListQuery(
      new URLSearchParams('q=a&f.seats=1..2&page=3'),
      { search: '', filters: { seats: null } },
      fallback,
    );
    expect(cleared.toString()).toBe('');
  });

  it('round-trips any list state through the URL (property)', () => {
    const text = fc.string({ minLength: 1, maxLength: 20 });
    const day = fc
      .date({ min: new Date(1990, 0, 1), max: new Date(2060, 11, 31), noInvalidDate: true })
      .map((d) => {
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      });
    const bound = fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined });
    const state = fc.record({
      search: fc.string({ maxLength: 30 }),
      sort: fc.option(
        fc.record({
          id: fc.constantFrom('customerOrg.name', 'seats', 'expiry'),
          desc: fc.boolean(),
        }),
        { nil: null },
      ),
      text: fc.option(text, { nil: undefined }),
      seats: fc.tuple(bound, bound),
      expiry: fc.tuple(fc.option(day, { nil: undefined }), fc.option(day, { nil: undefined })),
      state: fc.option(fc.constantFrom('Active', 'Suspended'), { nil: undefined }),
      enabled: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(state, (s) => {
        const filters: Record<string, FilterValue> = {};
        if (s.text) filters['customerOrg.name'] = { kind: 'text', text: s.text };
        const [min, max] = s.seats;
        if (min !== undefined || max !== undefined) {
          const [lo, hi] =
            min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
          filters['seats'] = {
            kind: 'number',
            ...(lo !== undefined && { min: lo }),
            ...(hi !== undefined && { max: hi }),
          };
        }
        const [from, to] = s.expiry;
        if (from || to) {
          const [lo, hi] = from && to && from > to ? [to, from] : [from, to];
          filters['expiry'] = { kind: 'date', ...(lo && { from: lo }), ...(hi && { to: hi }) };
        }
        if (s.state) filters['state.name'] = { kind: 'select', value: s.state };
        if (s.enabled !== undefined) filters['enabled'] = { kind: 'boolean', value: s.enabled };
        const query: ListQuery = { search: s.search, sort: s.sort, filters };
        const url = withListQuery(new URLSearchParams('view=x'), { ...query, page: 7 }, fallback);
        const back = readListQuery(new URLSearchParams(url.toString()), columns, fallback);
        expect(sameQuery(back, query)).toBe(true);
        expect(url.get('view')).toBe('x');
        expect(url.get('page')).toBe('7');
      }),
      { numRuns: 300 },
    );
  });
});

describe('filter values', () => {
  it('parses typed numbers; letters are invalid, empty is no bound', () => {
    expect(parseNumberInput(' 12.5 ')).toBe(12.5);
    expect(parseNumberInput('-3')).toBe(-3);
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('12a')).toBe('invalid');
    expect(parseNumberInput('1e3')).toBe('invalid');
  });

  it('orders a range whose bounds are swapped (SPEC §5) and writes tokens back', () => {
    const seats = columns[1] as ColumnSetting<never>;
    expect(filterFromToken(seats, '50..10')).toEqual({ kind: 'number', min: 10, max: 50 });
    expect(filterToken({ kind: 'date', from: '2024-01-01' })).toBe('2024-01-01..');
  });
});

describe('sort cycle (SPEC §4)', () => {
  it('ascending, descending, then none; another column starts ascending', () => {
    expect(nextSort(null, 'a')).toEqual({ id: 'a', desc: false });
    expect(nextSort({ id: 'a', desc: false }, 'a')).toEqual({ id: 'a', desc: true });
    expect(nextSort({ id: 'a', desc: true }, 'a')).toBeNull();
    expect(nextSort({ id: 'a', desc: true }, 'b')).toEqual({ id: 'b', desc: false });
  });
});
