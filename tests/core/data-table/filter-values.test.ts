import { describe, expect, it } from 'vitest';
import { MAX_FILTER_TEXT } from '@/contract/lists';
import { ColumnType, type ColumnSetting } from '@/core/data-table';
import {
  filterFromToken,
  filterKindOf,
  filterPredicate,
  filterToken,
  inputFromYmd,
  isYmd,
  optionLabel,
  optionValue,
  parseNumberInput,
  rangeOf,
  sameFilter,
  ymdFromInput,
} from '@/core/data-table/filter-values';

const col = (setting: Partial<ColumnSetting<never>>) =>
  ({ id: 'c', title: 'C', ...setting }) as ColumnSetting<never>;
const text = col({});
const number = col({ type: ColumnType.NUMBER });
const date = col({ type: ColumnType.DATE });
const toggle = col({ type: ColumnType.TOGGLE_SWITCH });
const select = col({
  filterOptions: ['Active', { value: 'SUSP', label: 'Suspended' }],
});
const menu = col({ type: ColumnType.BUTTON_DROPDOWN });

describe('which filter a column has (SPEC §5)', () => {
  it('switches on/off, options a select, dates a range of days, numbers bounds, the rest text', () => {
    expect(filterKindOf(toggle)).toBe('boolean');
    expect(filterKindOf(select)).toBe('select');
    expect(filterKindOf(col({ type: ColumnType.NUMBER, filterOptions: ['1', '2'] }))).toBe(
      'select',
    );
    expect(filterKindOf(col({ filterOptions: [] }))).toBe('text');
    expect(filterKindOf(date)).toBe('date');
    expect(filterKindOf(col({ type: ColumnType.EXPIRED_DATE }))).toBe('date');
    expect(filterKindOf(number)).toBe('number');
    expect(filterKindOf(text)).toBe('text');
    expect(filterKindOf(col({ type: ColumnType.USER }))).toBe('text');
    expect(filterKindOf(menu)).toBe('none');
    expect(filterKindOf(col({ isFilterable: false }))).toBe('none');
  });

  it('a select option shows its label and sends its value; a plain option is both', () => {
    expect(optionValue('Active')).toBe('Active');
    expect(optionLabel('Active')).toBe('Active');
    expect(optionValue({ value: 'SUSP', label: 'Suspended' })).toBe('SUSP');
    expect(optionLabel({ value: 'SUSP', label: 'Suspended' })).toBe('Suspended');
  });
});

describe('what the user types in a filter field', () => {
  it('numbers: plain decimals with a sign, blanks around, thousands grouped by commas; anything else is invalid', () => {
    expect(parseNumberInput('+5')).toBe(5);
    expect(parseNumberInput('-3')).toBe(-3);
    expect(parseNumberInput('12.')).toBe(12);
    expect(parseNumberInput('.5')).toBe(0.5);
    expect(parseNumberInput('.25')).toBe(0.25);
    expect(parseNumberInput('10.75')).toBe(10.75);
    expect(parseNumberInput('-0.5')).toBe(-0.5);
    expect(parseNumberInput(' 0 ')).toBe(0);
    expect(parseNumberInput('   ')).toBeNull();
    // As the table shows numbers: thousands grouped by commas.
    expect(parseNumberInput('1,000')).toBe(1000);
    expect(parseNumberInput('1,046.2')).toBe(1046.2);
    expect(parseNumberInput('-12,345,678')).toBe(-12345678);
    for (const bad of [
      '1.2.3',
      '.',
      '+',
      '--1',
      'a1',
      '1a',
      '1 2',
      '0x10',
      'Infinity',
      '1e3',
      '1,00',
      '1,0000',
      '1000,000',
      ',100',
      '1,',
    ]) {
      expect(parseNumberInput(bad), bad).toBe('invalid');
    }
    // A run of digits too long for a double is no number either.
    expect(parseNumberInput('9'.repeat(400))).toBe('invalid');
  });

  it('dates: YYYY/MM/DD of a real day, as the calendar day it names', () => {
    expect(ymdFromInput('2024/1/5')).toBe('2024-01-05');
    expect(ymdFromInput('2024/12/31')).toBe('2024-12-31');
    expect(ymdFromInput('2024/02/30')).toBeNull();
    expect(ymdFromInput('2024-01-05')).toBeNull();
    expect(inputFromYmd('2024-01-05')).toBe('2024/01/05');
    expect(inputFromYmd(undefined)).toBe('');
    expect(inputFromYmd('')).toBe('');
    expect(isYmd('2024-01-05')).toBe(true);
    expect(isYmd('2024-1-5')).toBe(false);
    expect(isYmd('2024-02-30')).toBe(false);
    expect(isYmd('x2024-01-05')).toBe(false);
    expect(isYmd('2024-01-05x')).toBe(false);
    expect(isYmd('2024/01/05')).toBe(false);
  });

  it('a range puts its bounds in order (SPEC §5) and is nothing without either', () => {
    expect(rangeOf('number', undefined, undefined)).toBeNull();
    expect(rangeOf('number', 9, 2)).toEqual({ kind: 'number', min: 2, max: 9 });
    expect(rangeOf('number', 2, 9)).toEqual({ kind: 'number', min: 2, max: 9 });
    expect(rangeOf('number', 4, 4)).toEqual({ kind: 'number', min: 4, max: 4 });
    expect(rangeOf('number', 0, undefined)).toEqual({ kind: 'number', min: 0, max: undefined });
    expect(rangeOf('number', undefined, -1)).toEqual({ kind: 'number', min: undefined, max: -1 });
    expect(rangeOf('date', '2024-06-01', '2024-01-01')).toEqual({
      kind: 'date',
      from: '2024-01-01',
      to: '2024-06-01',
    });
    expect(rangeOf('date', undefined, '2024-01-01')).toEqual({
      kind: 'date',
      from: undefined,
      to: '2024-01-01',
    });
  });
});

describe('filters in the URL (issue 16)', () => {
  it('writes each kind as a short token', () => {
    expect(filterToken({ kind: 'text', text: 'acme' })).toBe('acme');
    expect(filterToken({ kind: 'number', min: 1, max: 5 })).toBe('1..5');
    expect(filterToken({ kind: 'number', min: 0 })).toBe('0..');
    expect(filterToken({ kind: 'number', max: 5 })).toBe('..5');
    expect(filterToken({ kind: 'date', from: '2024-01-01', to: '2024-02-01' })).toBe(
      '2024-01-01..2024-02-01',
    );
    expect(filterToken({ kind: 'date', to: '2024-02-01' })).toBe('..2024-02-01');
    expect(filterToken({ kind: 'select', value: 'SUSP' })).toBe('SUSP');
    expect(filterToken({ kind: 'boolean', value: true })).toBe('on');
    expect(filterToken({ kind: 'boolean', value: false })).toBe('off');
  });

  it('reads a token of the column’s kind, and nothing from a token that is not', () => {
    expect(filterFromToken(text, 'a..b')).toEqual({ kind: 'text', text: 'a..b' });
    expect(filterFromToken(text, '')).toBeNull();
    // The longest the list endpoints accept (the contract's); a link with more would be refused.
    expect(MAX_FILTER_TEXT).toBe(200);
    expect(filterFromToken(text, 'x'.repeat(200))).toEqual({ kind: 'text', text: 'x'.repeat(200) });
    expect(filterFromToken(text, 'x'.repeat(MAX_FILTER_TEXT + 1))).toBeNull();
    expect(filterFromToken(toggle, 'on')).toEqual({ kind: 'boolean', value: true });
    expect(filterFromToken(toggle, 'off')).toEqual({ kind: 'boolean', value: false });
    expect(filterFromToken(toggle, 'yes')).toBeNull();
    expect(filterFromToken(select, 'Active')).toEqual({ kind: 'select', value: 'Active' });
    expect(filterFromToken(select, 'SUSP')).toEqual({ kind: 'select', value: 'SUSP' });
    expect(filterFromToken(select, 'Suspended')).toBeNull();
    expect(filterFromToken(menu, 'x')).toBeNull();
  });

  it('number and date ranges: two sides around one "..", each a valid bound or empty', () => {
    expect(filterFromToken(number, '1..5')).toEqual({ kind: 'number', min: 1, max: 5 });
    expect(filterFromToken(number, '-2.5..')).toEqual({ kind: 'number', min: -2.5 });
    expect(filterFromToken(number, '..0')).toEqual({ kind: 'number', max: 0 });
    expect(filterFromToken(number, '5')).toBeNull();
    expect(filterFromToken(number, '..')).toBeNull();
    expect(filterFromToken(number, '1..2..3')).toBeNull();
    expect(filterFromToken(number, '1..x')).toBeNull();
    expect(filterFromToken(number, 'x..1')).toBeNull();
    expect(filterFromToken(date, '2024-01-01..2024-02-01')).toEqual({
      kind: 'date',
      from: '2024-01-01',
      to: '2024-02-01',
    });
    expect(filterFromToken(date, '2024-03-01..2024-02-01')).toEqual({
      kind: 'date',
      from: '2024-02-01',
      to: '2024-03-01',
    });
    expect(filterFromToken(date, '..2024-02-01')).toEqual({ kind: 'date', to: '2024-02-01' });
    expect(filterFromToken(date, '2024-02-30..')).toBeNull();
    expect(filterFromToken(date, '1..2')).toBeNull();
    expect(filterFromToken(date, '2024-01-01')).toBeNull();
  });

  it('two filters are the same when they select the same rows', () => {
    expect(sameFilter(undefined, undefined)).toBe(true);
    expect(sameFilter({ kind: 'text', text: 'a' }, undefined)).toBe(false);
    expect(sameFilter(undefined, { kind: 'text', text: 'a' })).toBe(false);
    expect(sameFilter({ kind: 'text', text: 'a' }, { kind: 'text', text: 'a' })).toBe(true);
    expect(sameFilter({ kind: 'text', text: 'a' }, { kind: 'text', text: 'b' })).toBe(false);
    expect(sameFilter({ kind: 'number', min: 1, max: undefined }, { kind: 'number', min: 1 })).toBe(
      true,
    );
    // The same token, another kind: not the same filter.
    expect(sameFilter({ kind: 'text', text: '1..2' }, { kind: 'number', min: 1, max: 2 })).toBe(
      false,
    );
    expect(sameFilter({ kind: 'text', text: 'on' }, { kind: 'boolean', value: true })).toBe(false);
  });
});

describe('which rows a filter keeps (client mode)', () => {
  const keeps = (kind: Parameters<typeof filterPredicate>[0], raw: unknown, keys: unknown[]) => {
    const predicate = filterPredicate(kind, raw);
    if (!predicate) throw new Error('no predicate');
    return keys.map((key) => predicate(key as never));
  };

  it('no value, an empty one or a column that cannot filter: no filter', () => {
    expect(filterPredicate('text', undefined)).toBeNull();
    expect(filterPredicate('text', null)).toBeNull();
    expect(filterPredicate('text', '')).toBeNull();
    expect(filterPredicate('select', '')).toBeNull();
    expect(filterPredicate('text', { kind: 'text', text: '' })).toBeNull();
    expect(filterPredicate('none', 'x')).toBeNull();
    expect(filterPredicate('date', { kind: 'date' })).toBeNull();
    expect(filterPredicate('date', {})).toBeNull();
    expect(filterPredicate('boolean', 'maybe')).toBeNull();
  });

  it('text: a part of the cell text, case aside; an empty cell never matches', () => {
    expect(
      keeps('text', { kind: 'text', text: 'CME' }, ['acme', 'other', null, undefined]),
    ).toEqual([true, false, false, false]);
    expect(keeps('text', 'Bor', ['borealis', 'arbor', 'b'])).toEqual([true, true, false]);
    // A number column filtered by typed text ('12' inside 112).
    expect(keeps('number', '12', [112, 7, null])).toEqual([true, false, false]);
    // 'n' is in the words null and undefined, but an empty cell has no text to hold it.
    expect(keeps('text', 'n', ['none', null, undefined])).toEqual([true, false, false]);
  });

  it('number: inclusive bounds, either may be absent; a row without a number never matches', () => {
    expect(keeps('number', { kind: 'number', min: 2, max: 4 }, [1, 2, 3, 4, 5, null])).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(keeps('number', { kind: 'number', min: 2 }, [1, 2, 1e9, '3'])).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(keeps('number', { kind: 'number', max: 0 }, [-5, 0, 1, undefined])).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('select: the cell text equals the value, case aside', () => {
    expect(
      keeps('select', { kind: 'select', value: 'Active' }, ['active', 'inactive', null]),
    ).toEqual([true, false, false]);
    expect(keeps('select', 'SUSP', ['susp', 'suspended'])).toEqual([true, false]);
    // An empty cell is no option, even one named like the values of nothing.
    expect(keeps('select', 'Null', [null, 'null'])).toEqual([false, true]);
    expect(keeps('select', 'Undefined', [undefined, 'undefined'])).toEqual([false, true]);
  });

  it('date: whole local days from the start of the first to the end of the last', () => {
    const at = (d: number, h = 0, m = 0, s = 0, ms = 0) =>
      new Date(2024, 0, d, h, m, s, ms).getTime();
    const range = { kind: 'date', from: '2024-01-10', to: '2024-01-12' };
    expect(
      keeps('date', range, [
        at(9, 23, 59, 59, 999),
        at(10),
        at(12, 23, 59, 59, 999),
        at(13),
        null,
        '2024-01-11',
      ]),
    ).toEqual([false, true, true, false, false, false]);
    // SPEC §5: a start after the end swaps them.
    expect(
      keeps('date', { kind: 'date', from: '2024-01-12', to: '2024-01-10' }, [at(11), at(13)]),
    ).toEqual([true, false]);
    expect(keeps('date', { kind: 'date', from: '2024-01-10' }, [at(9), at(10), at(400)])).toEqual([
      false,
      true,
      true,
    ]);
    expect(
      keeps('date', { kind: 'date', to: '2024-01-10' }, [at(-400), at(10, 23), at(11), null]),
    ).toEqual([true, true, false, false]);
    // The earlier shape: timestamps, swapped when the start is after the end.
    expect(keeps('date', { from: at(12), to: at(10) }, [at(9), at(11), at(12), at(13)])).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(keeps('date', { to: at(10) }, [at(9), at(11)])).toEqual([true, false]);
  });

  it('boolean: on keeps the switched-on rows, off the others', () => {
    expect(keeps('boolean', { kind: 'boolean', value: true }, [1, 0, null])).toEqual([
      true,
      false,
      false,
    ]);
    expect(keeps('boolean', { kind: 'boolean', value: false }, [1, 0, null])).toEqual([
      false,
      true,
      true,
    ]);
    expect(keeps('boolean', 'on', [1, 0])).toEqual([true, false]);
    expect(keeps('boolean', 'off', [1, 0])).toEqual([false, true]);
  });
});
