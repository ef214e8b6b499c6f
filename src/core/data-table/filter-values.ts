/**
 * The filter row's values (SPEC §2, §5; issue 16): one typed value per column, the same in both
 * modes. The client tests rows with them (row-index.ts); a ListSource sends them to its server;
 * the URL holds them as short tokens (list-params.ts). Pure: no React, no DOM.
 */
import { MAX_FILTER_TEXT } from '@/contract/lists';
import { parseYmd } from '@/core/format';
import { ColumnType, type ColumnSetting } from './types';
import { canFilter, isDateColumn } from './values';

export type FilterKind = 'text' | 'number' | 'date' | 'select' | 'boolean' | 'none';

/**
 * A column's filter, as the filter row produces it:
 * - text: a case-insensitive substring of the cell's text;
 * - number: inclusive bounds (either may be absent);
 * - date: inclusive calendar days 'YYYY-MM-DD' as the user typed them (local days);
 * - select: one of the column's filterOptions (the cell's text equals it, case aside);
 * - boolean: toggle-switch columns, on or off.
 */
export type FilterValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; min?: number; max?: number }
  | { kind: 'date'; from?: string; to?: string }
  | { kind: 'select'; value: string }
  | { kind: 'boolean'; value: boolean };

export type FilterValues = Readonly<Record<string, FilterValue>>;

/** A select filter's choice: a value, shown as its label (the value when absent). */
export type FilterOption = string | { value: string; label: string };

export const optionValue = (option: FilterOption) =>
  typeof option === 'string' ? option : option.value;
export const optionLabel = (option: FilterOption) =>
  typeof option === 'string' ? option : option.label;

export function filterKindOf(setting: ColumnSetting<never>): FilterKind {
  if (!canFilter(setting)) return 'none';
  if (setting.type === ColumnType.TOGGLE_SWITCH) return 'boolean';
  if (setting.filterOptions?.length) return 'select';
  if (isDateColumn(setting)) return 'date';
  if (setting.type === ColumnType.NUMBER) return 'number';
  return 'text';
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/** Thousands grouped by commas, as the table shows numbers ('1,046.2'). */
const GROUPED_NUMBER_TEXT = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * A number bound as typed: null when empty, 'invalid' when it is not a plain decimal number or
 * one written as the table shows it, its thousands grouped by commas.
 */
export function parseNumberInput(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const plain = GROUPED_NUMBER_TEXT.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed;
  if (!NUMBER_TEXT.test(plain)) return 'invalid';
  const value = Number(plain);
  return Number.isFinite(value) ? value : 'invalid';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** SPEC §5 YYYY/MM/DD text as a calendar day 'YYYY-MM-DD'; null unless it is a real date. */
export function ymdFromInput(text: string): string | null {
  const date = parseYmd(text);
  return date ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : null;
}

/** A calendar day as the filter input shows it (YYYY/MM/DD). */
export const inputFromYmd = (ymd: string | undefined) => (ymd ? ymd.replace(/-/g, '/') : '');

/** True when a 'YYYY-MM-DD' string names a real day: it reads back as itself. */
export function isYmd(text: string): boolean {
  return ymdFromInput(text.replace(/-/g, '/')) === text;
}

/** Ordered bounds (SPEC §5: a start after the end swaps them); null when both are absent. */
export function rangeOf<K extends 'number' | 'date', V extends number | string>(
  kind: K,
  low: V | undefined,
  high: V | undefined,
): FilterValue | null {
  if (low === undefined && high === undefined) return null;
  // A comparison with an absent bound is false: one bound stays where it is. (The bounds are
  // typed once here: Stryker prints `(low as V) > …` mutated without its parentheses, which
  // does not parse.)
  const [lo, hi] = [low, high] as [V, V];
  const [a, b] = lo > hi ? [high, low] : [low, high];
  return kind === 'number'
    ? { kind: 'number', min: a as number | undefined, max: b as number | undefined }
    : { kind: 'date', from: a as string | undefined, to: b as string | undefined };
}

/** Value equality of two filters (absent bounds equal). */
export function sameFilter(a: FilterValue | undefined, b: FilterValue | undefined): boolean {
  if (!a || !b) return a === b;
  return filterToken(a) === filterToken(b) && a.kind === b.kind;
}

/**
 * A filter as a compact, readable URL token: text as is; number and date ranges 'low..high'
 * (either side may be empty: '10..', '..2024-12-31'); select the value; boolean 'on' or 'off'.
 */
export function filterToken(value: FilterValue): string {
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'number':
      return `${value.min ?? ''}..${value.max ?? ''}`;
    case 'date':
      return `${value.from ?? ''}..${value.to ?? ''}`;
    case 'select':
      return value.value;
    case 'boolean':
      return value.value ? 'on' : 'off';
  }
}

/** Reads a token for a column; null (ignored) when it is not a valid value of the column's kind. */
export function filterFromToken(setting: ColumnSetting<never>, token: string): FilterValue | null {
  const kind = filterKindOf(setting);
  // Longer than the filter row takes and the list endpoints accept: ignored, as a URL's other
  // values that are not the column's (a link to a server-mode list would answer a 400).
  if (token === '' || token.length > MAX_FILTER_TEXT) return null;
  switch (kind) {
    case 'text':
      return { kind: 'text', text: token };
    case 'boolean':
      return token === 'on' || token === 'off' ? { kind: 'boolean', value: token === 'on' } : null;
    case 'select': {
      // Stryker disable next-line OptionalChaining: the select kind is a column with filterOptions (filterKindOf)
      const option = setting.filterOptions?.find((candidate) => optionValue(candidate) === token);
      return option === undefined ? null : { kind: 'select', value: token };
    }
    case 'number':
    case 'date': {
      if (!token.includes('..')) return null;
      const [low, high, ...rest] = token.split('..') as [string, string, ...string[]];
      if (rest.length > 0) return null;
      const read = (text: string) => {
        if (text === '') return undefined;
        if (kind === 'date') return isYmd(text) ? text : null;
        const n = parseNumberInput(text);
        return typeof n === 'number' ? n : null;
      };
      const a = read(low);
      const b = read(high);
      if (a === null || b === null) return null;
      return rangeOf(kind, a, b);
    }
    default:
      return null;
  }
}

const startOfDay = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
};
const endOfDay = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999).getTime();
};

type Key = number | string | null | undefined;
export type FilterPredicate = (key: Key) => boolean;

/**
 * The client's test of a row's sort key (values.ts sortKey: lower-case text, timestamps,
 * numbers, 1/0 for switches). Besides FilterValue it takes the earlier raw shapes (a string, a
 * { from, to } of timestamps, 'on'/'off'), which RowIndex callers may still pass.
 */
export function filterPredicate(kind: FilterKind, raw: unknown): FilterPredicate | null {
  if (raw === undefined || raw === null || raw === '') return null;
  // Only a FilterValue has a kind: a string or a { from, to } reads none.
  const tagged = raw as FilterValue;
  switch (kind) {
    case 'text':
    case 'number': {
      if (tagged.kind === 'number') {
        const { min, max } = tagged;
        return (key) =>
          typeof key === 'number' &&
          (min === undefined || key >= min) &&
          (max === undefined || key <= max);
      }
      const needle = (tagged.kind === 'text' ? tagged.text : String(raw)).toLowerCase();
      if (!needle) return null;
      return (key) => key !== null && key !== undefined && String(key).includes(needle);
    }
    case 'select': {
      const wanted = (tagged.kind === 'select' ? tagged.value : String(raw)).toLowerCase();
      return (key) => key !== null && key !== undefined && String(key).toLowerCase() === wanted;
    }
    case 'date': {
      let from: number | undefined;
      let to: number | undefined;
      if (tagged.kind === 'date') {
        from = tagged.from ? startOfDay(tagged.from) : undefined;
        to = tagged.to ? endOfDay(tagged.to) : undefined;
      } else {
        ({ from, to } = raw as { from?: number; to?: number });
      }
      if (from === undefined && to === undefined) return null;
      // SPEC §5: a start after the end swaps them.
      if (from !== undefined && to !== undefined) {
        [from, to] = [Math.min(from, to), Math.max(from, to)];
      }
      return (key) =>
        typeof key === 'number' &&
        (from === undefined || key >= from) &&
        (to === undefined || key <= to);
    }
    case 'boolean': {
      const on =
        tagged.kind === 'boolean'
          ? tagged.value
          : raw === 'on'
            ? true
            : raw === 'off'
              ? false
              : null;
      if (on === null) return null;
      return (key) => (key === 1) === on;
    }
    default:
      return null;
  }
}
