import { screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  csvFileName,
  neutraliseCell,
  recordsToCsvText,
  toCsvText,
  type ColumnSettings,
} from '@/core/data-table';
import { downloadCsv, escapeField, isFormulaLike } from '@/core/data-table/csv';
import { renderTable } from './harness';

/** An RFC 4180 reader (quoted fields, doubled quotes, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  rows.push(row);
  return rows;
}

describe('CSV cells (SPEC §7, issue 11)', () => {
  it('neutralises formula starts, including full-width forms, and leaves numbers alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      expect(neutraliseCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(neutraliseCell('plain')).toBe('plain');
    expect(neutraliseCell(-5)).toBe('-5');
    expect(neutraliseCell(null)).toBe('');
  });

  it('writes the byte-order mark, quotes every field, doubles quotes and keeps commas and newlines', () => {
    const text = toCsvText(['Name', 'Note'], [['=HYPERLINK("x")', 'a, "b"\nc']]);
    const bytes = new TextEncoder().encode(text);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe('\uFEFF"Name","Note"\n"\'=HYPERLINK(""x"")","a, ""b""\nc"');
    expect(parseCsv(text.slice(1))).toEqual([
      ['Name', 'Note'],
      ['\'=HYPERLINK("x")', 'a, "b"\nc'],
    ]);
  });

  it('maps records to a header line of their keys', () => {
    expect(recordsToCsvText([{ a: 1 }, { a: 2, b: 'x' }])).toBe('\uFEFF"a","b"\n"1",""\n"2","x"');
  });

  it('keeps the column count through a re-parse for any cells (property)', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom('"', ',', '\n', '\r\n', '=1+1', '＠x', '""', ' '),
      fc.integer(),
    );
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 6 })
          .chain((width) =>
            fc.tuple(
              fc.constant(width),
              fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 8 }),
            ),
          ),
        ([width, rows]) => {
          const headers = Array.from({ length: width }, (_, i) => `h${i}`);
          const parsed = parseCsv(toCsvText(headers, rows).slice(1));
          expect(parsed).toHaveLength(rows.length + 1);
          for (const line of parsed) expect(line).toHaveLength(width);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names the file after the entity', () => {
    expect(csvFileName('Issued Licences')).toBe('Issued Licences.csv');
    expect(csvFileName('a/b:c')).toBe('a b c.csv');
  });

  it('names an export without an entity name generatedBy_react-csv.csv (SPEC §9)', () => {
    expect(csvFileName('')).toBe('generatedBy_react-csv.csv');
    expect(csvFileName('  ')).toBe('generatedBy_react-csv.csv');
  });
});

describe('what a spreadsheet could run as a formula (OWASP CSV injection)', () => {
  it('a formula start behind blanks, line breaks or invisible characters counts too', () => {
    for (const text of [
      '=1+1',
      ' =1+1',
      ' \u00a0\u200b=1+1',
      '\t\n +1',
      '\u00a0+1',
      '\u3000-1',
      '\u200b@SUM(A1)',
      '\ufeff=1',
      '\u200e=1',
      '\n=1',
      '\nplain',
      '\tplain',
      '\rplain',
      '\u2212 1',
      '\ufe62x',
      '\u207a1',
      '\u208b1',
      // ⩵ folds to '=='.
      '\u2a75x',
    ]) {
      expect(isFormulaLike(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('text that only holds a sign further on, or nothing, is plain', () => {
    for (const text of [
      '',
      '   ',
      'a=b',
      'x+1',
      'user@example.com',
      '1-2',
      '5',
      '(=)',
      'é=',
      'a\tb',
      'a\n=b',
      'a =b',
      // ⩴ folds to '::=', which starts with no formula sign.
      '\u2a74x',
    ]) {
      expect(isFormulaLike(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('cells of every type: numbers as they are, booleans and dates in words, objects as JSON', () => {
    expect(neutraliseCell(undefined)).toBe('');
    expect(neutraliseCell(0)).toBe('0');
    expect(neutraliseCell(12n)).toBe('12');
    expect(neutraliseCell(-12n)).toBe('-12');
    expect(neutraliseCell(true)).toBe('true');
    expect(neutraliseCell(false)).toBe('false');
    expect(neutraliseCell(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe(
      '2024-01-02T03:04:05.000Z',
    );
    expect(neutraliseCell(new Date(Number.NaN))).toBe('');
    expect(neutraliseCell({ a: 1 })).toBe('{"a":1}');
    expect(neutraliseCell(['=x'])).toBe('["=x"]');
    expect(neutraliseCell('-cmd')).toBe("'-cmd");
    expect(neutraliseCell(' =cmd')).toBe("' =cmd");
  });

  it('a field doubles every quote in it, after neutralising', () => {
    expect(escapeField('say "hi" "twice"')).toBe('say ""hi"" ""twice""');
    expect(escapeField('="x"')).toBe('\'=""x""');
    expect(escapeField(null)).toBe('');
  });

  it('a file name without the characters a file system refuses, or control characters', () => {
    expect(csvFileName('a\\b/c:d*e?f"g<h>i|j')).toBe('a b c d e f g h i j.csv');
    expect(csvFileName('tab\there\nnew\u0001line')).toBe('tab here new line.csv');
    expect(csvFileName('unit\u001fseparator\u0000')).toBe('unit separator.csv');
    expect(csvFileName('  Spaced    out  ')).toBe('Spaced out.csv');
    expect(csvFileName('Café ~ #1 (v2)')).toBe('Café ~ #1 (v2).csv');
    expect(csvFileName('///')).toBe('generatedBy_react-csv.csv');
  });
});

describe('saving a CSV file', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('saves text as a CSV file in UTF-8, and a Blob as it is, under the name given', async () => {
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved.push(blob);
          return 'blob:csv';
        },
        revokeObjectURL: vi.fn(),
      }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    downloadCsv('Items.csv', '\uFEFF"a"');
    const own = new Blob(['"b"'], { type: 'text/plain' });
    downloadCsv('Other.csv', own);
    expect(clicked).toEqual(['Items.csv', 'Other.csv']);
    expect(saved[0]?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await (saved[0] as Blob).arrayBuffer());
    expect(Array.from(bytes)).toEqual([0xef, 0xbb, 0xbf, 0x22, 0x61, 0x22]);
    expect(saved[1]).toBe(own);
  });
});

describe('CSV export button', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('downloads the displayed rows mapped by csvMapperFn as "<entity>.csv"', async () => {
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    interface Licence {
      id: number;
      customer: string;
      seats: number;
    }
    const settings: ColumnSettings<Licence> = {
      entity: 'Issued Licences',
      columns: [
        { id: 'customer', title: 'Customer' },
        { id: 'seats', title: 'Seats', type: 'number' },
      ],
      sortIndex: 1,
      csvMapperFn: (row) => ({ Customer: row.customer, Seats: row.seats }),
    };
    const { user } = renderTable({
      columnSettings: settings,
      rows: [
        { id: 1, customer: '=cmd|calc', seats: 3 },
        { id: 2, customer: 'Borealis, "North"', seats: 1 },
        { id: 3, customer: 'Hidden', seats: 9 },
      ],
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'a');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(clicked).toEqual(['Issued Licences.csv']);
    if (!saved) throw new Error('nothing saved');
    const bytes = new Uint8Array(await saved.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      '"Customer","Seats"\n"Borealis, ""North""","1"\n"\'=cmd|calc","3"',
    );
  });

  it('downloads a table without an entity name as generatedBy_react-csv.csv', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { user } = renderTable({
      columnSettings: { entity: '', columns: [{ id: 'name', title: 'Name' }], sortIndex: 0 },
      rows: [{ id: 1, name: 'Acme' }],
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(clicked).toEqual(['generatedBy_react-csv.csv']);
  });
});
