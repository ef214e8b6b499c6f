import { describe, expect, it } from 'vitest';
import { ColumnType, DataKind, type ColumnSetting } from '@/core/data-table';
import {
  buildLink,
  canFilter,
  canSearch,
  canSort,
  cellText,
  getPath,
  htmlText,
  isDateColumn,
  isSafeHref,
  isTextColumn,
  kindOf,
  licenceLines,
  readValue,
  sanitizeHtml,
  sortKey,
  trustedHtml,
} from '@/core/data-table/values';

type Row = Record<string, unknown>;
const column = (setting: Partial<ColumnSetting<Row>> & { id?: string }): ColumnSetting<Row> => ({
  id: 'value',
  title: 'Value',
  ...setting,
});
const typed = (type: ColumnSetting['type'], extra: Partial<ColumnSetting<never>> = {}) =>
  ({ id: 'value', title: 'Value', type, ...extra }) as ColumnSetting<never>;

describe('reading a row (SPEC §3)', () => {
  it('reads plain and dotted paths; a missing step, null or a non-object on the way reads nothing', () => {
    const row = { name: 'Acme', product: { name: 'Blast', owner: null, code: 'abc' } };
    expect(getPath(row, 'name')).toBe('Acme');
    expect(getPath(row, 'product.name')).toBe('Blast');
    expect(getPath(row, 'product.owner.name')).toBeUndefined();
    expect(getPath(row, 'product.missing.name')).toBeUndefined();
    // 'abc'.length would be 3: a string is no record.
    expect(getPath(row, 'product.code.length')).toBeUndefined();
    expect(getPath(null, 'name')).toBeUndefined();
    expect(getPath(undefined, 'product.name')).toBeUndefined();
  });

  it('an accessor reads the value instead of the id', () => {
    const row = { value: 'by id', other: 'by accessor' };
    expect(readValue(column({}), row)).toBe('by id');
    expect(readValue(column({ accessor: (r) => r['other'] }), row)).toBe('by accessor');
  });
});

describe('column kinds (SPEC §3)', () => {
  it('dates and users by type, an explicit data kind first, none for the rest', () => {
    expect(kindOf(typed(ColumnType.DATE))).toBe(DataKind.DATE);
    expect(kindOf(typed(ColumnType.EXPIRED_DATE))).toBe(DataKind.DATE);
    expect(kindOf(typed(ColumnType.TIME_DIFFERENCE))).toBe(DataKind.DATE);
    expect(kindOf(typed(ColumnType.USER))).toBe(DataKind.USER);
    expect(kindOf(typed(ColumnType.STRING))).toBeUndefined();
    expect(kindOf(typed(undefined))).toBeUndefined();
    expect(kindOf(typed(ColumnType.DATE, { dataKind: DataKind.HTML }))).toBe(DataKind.HTML);
    expect(isDateColumn(typed(ColumnType.EXPIRED_DATE))).toBe(true);
    expect(isDateColumn(typed(ColumnType.USER))).toBe(false);
    expect(isDateColumn(typed(ColumnType.STRING, { dataKind: DataKind.DATE }))).toBe(true);
  });

  it('free text keeps a readable width; numbers, switches, menus and dates do not (issue 17)', () => {
    expect(isTextColumn(typed(ColumnType.NUMBER))).toBe(false);
    expect(isTextColumn(typed(ColumnType.TOGGLE_SWITCH))).toBe(false);
    expect(isTextColumn(typed(ColumnType.BUTTON_DROPDOWN))).toBe(false);
    expect(isTextColumn(typed(ColumnType.DATE))).toBe(false);
    expect(isTextColumn(typed(undefined, { dataKind: DataKind.DATE }))).toBe(false);
    expect(isTextColumn(typed(ColumnType.STRING))).toBe(true);
    expect(isTextColumn(typed(ColumnType.USER))).toBe(true);
    expect(isTextColumn(typed(ColumnType.URL))).toBe(true);
  });

  it('sorts every column but menus and switches, filters all but menus, searches like sorting; the settings win', () => {
    for (const [type, sorts, filters] of [
      [ColumnType.STRING, true, true],
      [ColumnType.NUMBER, true, true],
      [ColumnType.TOGGLE_SWITCH, false, true],
      [ColumnType.BUTTON_DROPDOWN, false, false],
    ] as const) {
      expect(canSort(typed(type))).toBe(sorts);
      expect(canSearch(typed(type))).toBe(sorts);
      expect(canFilter(typed(type))).toBe(filters);
    }
    const string = typed(ColumnType.STRING, {
      isSortable: false,
      isFilterable: false,
      isSearchable: false,
    });
    expect([canSort(string), canFilter(string), canSearch(string)]).toEqual([false, false, false]);
    const menu = typed(ColumnType.BUTTON_DROPDOWN, {
      isSortable: true,
      isFilterable: true,
      isSearchable: true,
    });
    expect([canSort(menu), canFilter(menu), canSearch(menu)]).toEqual([true, true, true]);
  });
});

describe('licence values (SPEC §3)', () => {
  it('one line per licence: subscription · product · state, leaving out the names missing', () => {
    expect(
      licenceLines([
        { subscription: { name: 'Gold' }, product: { name: 'Blast' }, state: { name: 'Active' } },
        { subscription: null, product: { name: 'Survey' }, state: { name: '' } },
        { subscription: { name: 'Silver' }, product: null, state: { name: 'Expired' } },
        null,
      ]),
    ).toEqual(['Gold · Blast · Active', 'Survey', 'Silver · Expired', '']);
    expect(licenceLines({ product: { name: 'Alone' } })).toEqual(['Alone']);
    expect(licenceLines(null)).toEqual([]);
    expect(licenceLines('')).toEqual([]);
    expect(licenceLines([])).toEqual([]);
  });
});

describe('HTML values (SPEC §3)', () => {
  it('the visible text: tags as spaces, entities decoded once, blanks collapsed', () => {
    expect(htmlText('<p class="x">Hello</p><p>World</p>')).toBe('Hello World');
    expect(htmlText('a&nbsp;b &lt;c&gt; &quot;d&quot; &#39;e&#39; f&amp;g')).toBe(
      'a b <c> "d" \'e\' f&g',
    );
    // '&amp;lt;' is the text '&lt;', not '<'.
    expect(htmlText('&amp;lt;')).toBe('&lt;');
    expect(htmlText('  many \n\t  blanks  ')).toBe('many blanks');
    expect(htmlText('x &nbsp;&nbsp; y')).toBe('x y');
  });

  it('sanitises: scripts and handlers go, the markup stays', () => {
    const dirty = '<b onclick="alert(1)">bold</b><script>alert(2)</script>';
    expect(sanitizeHtml(dirty)).toBe('<b>bold</b>');
    expect(String(trustedHtml(dirty))).toBe('<b>bold</b>');
  });
});

describe('the text a cell shows (search, string filters, CSV)', () => {
  it('by kind: dates, date-times, users, licences, HTML', () => {
    const row = {
      value: '2024-03-05T14:07:00',
      user: { firstName: 'Ada', lastName: 'King', email: 'ADA@EXAMPLE.COM' },
      licences: [{ product: { name: 'Blast' } }, { product: { name: 'Survey' } }],
      html: '<i>fine</i> &amp; dandy',
    };
    expect(cellText(column({ type: ColumnType.DATE }), row)).toBe('2024/03/05');
    expect(cellText(column({ type: ColumnType.DATE, withTime: true }), row)).toBe(
      '2024/03/05 14:07',
    );
    expect(cellText(column({ id: 'user', type: ColumnType.USER }), row)).toBe(
      'Ada King <ada@example.com>',
    );
    expect(cellText(column({ id: 'licences', dataKind: DataKind.LICENCES }), row)).toBe(
      'Blast; Survey',
    );
    expect(cellText(column({ id: 'html', dataKind: DataKind.HTML }), row)).toBe('fine & dandy');
  });

  it('an HTML or licence cell without a value is empty, not "null"', () => {
    const empty = { value: null };
    expect(cellText(column({ dataKind: DataKind.HTML }), empty)).toBe('');
    expect(cellText(column({ dataKind: DataKind.LICENCES }), empty)).toBe('');
    expect(cellText(column({ dataKind: DataKind.HTML }), {})).toBe('');
  });

  it('switches read On and Off, numbers and text as they are, objects and nothing as empty', () => {
    const on = column({ type: ColumnType.TOGGLE_SWITCH });
    expect(cellText(on, { value: true })).toBe('On');
    expect(cellText(on, { value: false })).toBe('Off');
    expect(cellText(on, { value: 0 })).toBe('Off');
    expect(cellText(column({ type: ColumnType.NUMBER }), { value: 42 })).toBe('42');
    expect(cellText(column({ type: ColumnType.NUMBER }), { value: 0 })).toBe('0');
    expect(cellText(column({ type: ColumnType.NUMBER }), { value: { n: 1 } })).toBe('');
    expect(cellText(column({}), { value: 'text' })).toBe('text');
    expect(cellText(column({}), { value: 7 })).toBe('7');
    expect(cellText(column({}), { value: false })).toBe('false');
    expect(cellText(column({}), { value: { a: 1 } })).toBe('');
    expect(cellText(column({}), { value: null })).toBe('');
    expect(cellText(column({}), {})).toBe('');
    expect(cellText(column({ type: ColumnType.DATE }), { value: null })).toBe('');
  });

  it('a column with its own display text shows that, whatever the value', () => {
    const seats = column({ type: ColumnType.NUMBER, displayText: (row) => `${row['value']} / 10` });
    expect(cellText(seats, { value: 3 })).toBe('3 / 10');
    expect(cellText(seats, { value: null })).toBe('null / 10');
  });
});

describe('sort keys (what sorts and filters compare)', () => {
  it('dates as timestamps, a date that is no date as missing', () => {
    const date = column({ type: ColumnType.DATE });
    expect(sortKey(date, { value: '2024-01-02' })).toBe(new Date(2024, 0, 2).getTime());
    expect(sortKey(date, { value: 'not a date' })).toBeNull();
    expect(sortKey(date, {})).toBeNull();
  });

  it('numbers as numbers (numeric text too); empty, missing or not a number as missing', () => {
    const number = column({ type: ColumnType.NUMBER });
    expect(sortKey(number, { value: 12 })).toBe(12);
    expect(sortKey(number, { value: 0 })).toBe(0);
    expect(sortKey(number, { value: '12' })).toBe(12);
    expect(sortKey(number, { value: '' })).toBeNull();
    expect(sortKey(number, { value: null })).toBeNull();
    expect(sortKey(number, {})).toBeNull();
    expect(sortKey(number, { value: 'twelve' })).toBeNull();
  });

  it('switches as 1 and 0, text in lower case, empty text as missing', () => {
    const on = column({ type: ColumnType.TOGGLE_SWITCH });
    expect(sortKey(on, { value: true })).toBe(1);
    expect(sortKey(on, { value: false })).toBe(0);
    expect(sortKey(on, {})).toBe(0);
    expect(sortKey(column({}), { value: 'MiXed' })).toBe('mixed');
    expect(sortKey(column({}), { value: '' })).toBeNull();
    expect(sortKey(column({}), {})).toBeNull();
  });
});

describe('URL cells (SPEC §3)', () => {
  const url = (linkFormat?: ColumnSetting<Row>['linkFormat']) =>
    column({ type: ColumnType.URL, linkFormat });

  it('fills each placeholder from the row, encoded; an empty one gives plain text', () => {
    const row = { id: 7, org: { name: 'Acme Mining/AU' }, blank: '', zero: 0 };
    expect(buildLink(url('/orgs/{ org.name }/items/{id}'), row)).toBe(
      '/orgs/Acme%20Mining%2FAU/items/7',
    );
    expect(buildLink(url('/items/{zero}'), row)).toBe('/items/0');
    expect(buildLink(url('/items/{blank}'), row)).toBeNull();
    expect(buildLink(url('/items/{missing}'), row)).toBeNull();
    expect(buildLink(url('/items/{id}/{org.none}'), { ...row, org: { none: null } })).toBeNull();
  });

  it('a function builds the link; without a format the value is the link when it is text', () => {
    expect(
      buildLink(
        url((row) => `/x/${String(row['id'])}`),
        { id: 3 },
      ),
    ).toBe('/x/3');
    expect(
      buildLink(
        url(() => null),
        { id: 3 },
      ),
    ).toBeNull();
    expect(
      buildLink(
        url(() => ''),
        { id: 3 },
      ),
    ).toBeNull();
    expect(buildLink(url(), { value: 'https://example.com/a' })).toBe('https://example.com/a');
    expect(buildLink(url(), { value: 42 })).toBeNull();
    expect(buildLink(url(), { value: '' })).toBeNull();
  });

  it('never links to an unsafe address', () => {
    expect(buildLink(url(), { value: 'javascript:alert(1)' })).toBeNull();
    expect(
      buildLink(
        url(() => '//evil.example'),
        {},
      ),
    ).toBeNull();
    expect(buildLink(url('{target}'), { target: 'javascript:alert(1)' })).toBeNull();
  });

  it('safe: same-site paths, http(s) and mailto, any case; nothing with control characters', () => {
    for (const href of [
      '/orgs/1',
      '/',
      'http://example.com',
      'https://example.com',
      'HTTPS://EXAMPLE.COM',
      'mailto:ada@example.com',
    ]) {
      expect(isSafeHref(href), href).toBe(true);
    }
    for (const href of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/a\nb',
      '/a\rb',
      '/a\u0000b',
      '/a\u001fb',
      '/a\u007fb',
      'javascript:alert(1)',
      'javascript:alert("https:")',
      ' https://example.com',
      'ftp://example.com',
      'httpx://example.com',
      'relative/path',
      'data:text/html,hi',
    ]) {
      expect(isSafeHref(href), JSON.stringify(href)).toBe(false);
    }
  });
});
