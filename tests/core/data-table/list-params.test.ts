import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FILTER_TEXT, MAX_SEARCH_TEXT } from '@/contract/lists';
import type { ColumnSetting } from '@/core/data-table';
import {
  filterFromToken,
  filterToken,
  parseNumberInput,
  type FilterValue,
} from '@/core/data-table/filter-values';
import {
  canonicalListParams,
  EMPTY_QUERY,
  initialSort,
  nextSort,
  readListQuery,
  sameFilters,
  sameMatch,
  sameQuery,
  sameSort,
  scopedListParams,
  unscopedListParams,
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
    expect(read(`q=${'x'.repeat(MAX_SEARCH_TEXT + 1)}`).search).toBe('');
  });

  it('only f. parameters are filters: another prefix before a column id is not', () => {
    expect(read('g.customerOrg.name=acme&xxseats=1..2').filters).toEqual({});
    expect(read('g.customerOrg.name=acme&f.seats=1..2').filters).toEqual({
      seats: { kind: 'number', min: 1, max: 2 },
    });
  });

  it('an address without list parameters, and no initial sort, is the empty query', () => {
    expect(EMPTY_QUERY).toEqual({ search: '', filters: {}, sort: null });
    expect(
      sameQuery(readListQuery(new URLSearchParams('view=x'), columns, null), EMPTY_QUERY),
    ).toBe(true);
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

  it('on the column the table opens sorted by, newest first, every click turns the order', () => {
    const initial = { id: 'when', desc: true };
    // Removing the sort would show the same rows: the click sorts oldest first instead.
    expect(nextSort(initial, 'when', initial)).toEqual({ id: 'when', desc: false });
    expect(nextSort({ id: 'when', desc: false }, 'when', initial)).toEqual(initial);
    // Another column's cycle still ends in the table's own order.
    expect(nextSort({ id: 'a', desc: true }, 'a', initial)).toBeNull();
    // Opened ascending: descending, then none (the ascending order again), as SPEC says.
    const byName = { id: 'name', desc: false };
    expect(nextSort(byName, 'name', byName)).toEqual({ id: 'name', desc: true });
    expect(nextSort({ id: 'name', desc: true }, 'name', byName)).toBeNull();
  });
});

describe('the URL as the table writes it (issue 17)', () => {
  const canonical = (search: string) =>
    canonicalListParams(new URLSearchParams(search), columns, fallback).toString();

  it('takes out what it ignores and keeps the rest, and the screen’s own parameters, in place', () => {
    expect(canonical('view=all&f.nope=1&f.seats=1..2&q=acme&f.enabled=maybe')).toBe(
      'view=all&f.seats=1..2&q=acme',
    );
    expect(canonical('f.seats=50..10&sort=-seats&page=3')).toBe(
      'f.seats=10..50&sort=-seats&page=3',
    );
    expect(canonical('page=1&view=x')).toBe('view=x');
    expect(canonical('page=0')).toBe('');
    expect(canonical('q=')).toBe('');
    expect(canonical(`q=${'x'.repeat(MAX_SEARCH_TEXT + 1)}&view=x`)).toBe('view=x');
    // A text filter longer than the list endpoints accept is taken out as well.
    expect(canonical(`f.customerOrg.name=${'x'.repeat(MAX_FILTER_TEXT + 1)}&view=x`)).toBe(
      'view=x',
    );
  });

  it('a sort parameter: the initial sort is none, an unknown column falls back, none stays', () => {
    expect(canonical('sort=customerOrg.name&view=x')).toBe('view=x');
    expect(canonical('sort=-nope')).toBe('');
    expect(canonical('sort=')).toBe('sort=');
    expect(canonical('sort=seats')).toBe('sort=seats');
    // No sort parameter: nothing is written for the initial sort.
    expect(canonical('view=x')).toBe('view=x');
  });

  it('a filter named like an object property is an unknown column like any other', () => {
    expect(canonical('f.__proto__=x&f.constructor=y&f.toString=z&view=x')).toBe('view=x');
  });

  it('filters a column whose id is an object property’s name, as any other', () => {
    const odd: ColumnSetting<never>[] = [
      { id: 'constructor', title: 'Constructor' },
      { id: 'toString', title: 'Text' },
      { id: '__proto__', title: 'Proto' },
    ];
    const query = readListQuery(
      new URLSearchParams('f.constructor=acme&f.toString=bor&f.__proto__=x'),
      odd,
      null,
    );
    expect(Object.entries(query.filters)).toEqual([
      ['constructor', { kind: 'text', text: 'acme' }],
      ['toString', { kind: 'text', text: 'bor' }],
      ['__proto__', { kind: 'text', text: 'x' }],
    ]);
    expect(Object.getPrototypeOf(query.filters)).toBe(Object.prototype);
  });

  it('the first of two values for one filter wins, even when the second is valid too', () => {
    expect(read('f.seats=1..2&f.seats=5..6').filters['seats']).toEqual({
      kind: 'number',
      min: 1,
      max: 2,
    });
    expect(read('f.seats=bad&f.seats=5..6').filters['seats']).toEqual({
      kind: 'number',
      min: 5,
      max: 6,
    });
    expect(canonical('f.seats=1..2&f.seats=5..6')).toBe('f.seats=1..2');
  });

  it('a search of the longest length allowed is kept; a sort of nothing after "-" falls back', () => {
    // The longest the list endpoints accept (the contract's): a link with more was refused.
    expect(MAX_SEARCH_TEXT).toBe(200);
    const longest = 'x'.repeat(200);
    expect(read(`q=${longest}`).search).toBe(longest);
    expect(read('sort=-').sort).toEqual(fallback);
  });

  it('a filter patch or a search patch goes back to page 1; a sort patch keeps the page', () => {
    const start = new URLSearchParams('page=4');
    expect(withListQuery(start, { filters: {} }, fallback).toString()).toBe('');
    expect(withListQuery(start, { search: 'a' }, fallback).toString()).toBe('q=a');
    expect(withListQuery(start, { sort: { id: 'seats', desc: false } }, fallback).toString()).toBe(
      'page=4&sort=seats',
    );
    expect(withListQuery(start, { search: 'a', page: 2, sort: null }, fallback).toString()).toBe(
      'page=2&q=a&sort=',
    );
    expect(withListQuery(start, {}, fallback).toString()).toBe('page=4');
  });

  it('a sort, page or filter patch keeps the search', () => {
    const start = new URLSearchParams('q=acme&page=2');
    expect(withListQuery(start, { page: 3 }, fallback).toString()).toBe('q=acme&page=3');
    expect(withListQuery(start, { sort: null }, fallback).toString()).toBe('q=acme&page=2&sort=');
    expect(withListQuery(start, { filters: { seats: null } }, fallback).toString()).toBe('q=acme');
  });
});

describe('several tables on one page (urlKey, issue 17)', () => {
  const url = new URLSearchParams('view=x&links.page=2&links.q=anon&linksx.q=other&q=top');

  it("a table's view holds only its own parameters, without the key", () => {
    expect(scopedListParams(url, 'links').toString()).toBe('page=2&q=anon');
    expect(scopedListParams(url, undefined)).toBe(url);
    expect(scopedListParams(url, '')).toBe(url);
  });

  it("writing the view back replaces the table's own parameters and keeps every other", () => {
    const view = new URLSearchParams('q=new&sort=-seats');
    expect(unscopedListParams(url, view, 'links').toString()).toBe(
      'view=x&linksx.q=other&q=top&links.q=new&links.sort=-seats',
    );
    expect(unscopedListParams(url, view, undefined)).toBe(view);
  });
});

describe('the initial sort (column settings)', () => {
  const shown = columns.slice(0, 3);
  it('the column at sortIndex, when it is shown; descending only when isDesc', () => {
    expect(initialSort({ sortIndex: 1, columns }, shown)).toEqual({ id: 'seats', desc: false });
    expect(initialSort({ sortIndex: 1, isDesc: true, columns }, shown)).toEqual({
      id: 'seats',
      desc: true,
    });
    expect(initialSort({ sortIndex: 0, columns }, shown)).toEqual({
      id: 'customerOrg.name',
      desc: false,
    });
    expect(initialSort({ sortIndex: 4, columns }, shown)).toBeNull();
    expect(initialSort({ sortIndex: 99, columns }, shown)).toBeNull();
    expect(initialSort({ columns }, shown)).toBeNull();
  });
});

describe('comparing list states', () => {
  const query = (over: Partial<ListQuery> = {}): ListQuery => ({
    search: 'a',
    filters: { seats: { kind: 'number', min: 1 } },
    sort: { id: 'seats', desc: false },
    ...over,
  });

  it('sorts are the same by column and direction', () => {
    expect(sameSort(null, null)).toBe(true);
    expect(sameSort(null, { id: 'a', desc: false })).toBe(false);
    expect(sameSort({ id: 'a', desc: false }, null)).toBe(false);
    expect(sameSort({ id: 'a', desc: false }, { id: 'a', desc: false })).toBe(true);
    expect(sameSort({ id: 'a', desc: false }, { id: 'b', desc: false })).toBe(false);
    expect(sameSort({ id: 'a', desc: false }, { id: 'a', desc: true })).toBe(false);
  });

  it('filters are the same column by column', () => {
    const a = { kind: 'text', text: 'x' } as const;
    expect(sameFilters({}, {})).toBe(true);
    expect(sameFilters({ a }, { a })).toBe(true);
    expect(sameFilters({ a }, {})).toBe(false);
    expect(sameFilters({}, { a })).toBe(false);
    expect(sameFilters({ a }, { b: a })).toBe(false);
    expect(sameFilters({ a }, { a: { kind: 'text', text: 'y' } })).toBe(false);
  });

  it('the same rows match whatever the sort; the same query needs the same sort too', () => {
    expect(sameMatch(query(), query({ sort: null }))).toBe(true);
    expect(sameMatch(query(), query({ search: 'b' }))).toBe(false);
    expect(sameMatch(query(), query({ filters: {} }))).toBe(false);
    expect(sameQuery(query(), query())).toBe(true);
    expect(sameQuery(query(), query({ sort: null }))).toBe(false);
    expect(sameQuery(query(), query({ search: 'b' }))).toBe(false);
  });
});
