/**
 * How a column reads, searches, sorts and exports a row's value (SPEC §3 column types and data
 * kinds). Pure: the view and the TanStack column definitions share these, and tests use them
 * without a DOM.
 */
import DOMPurify from 'dompurify';
import { formatDate, formatDateTime, formatUser, toDate, type UserLike } from '@/core/format';
import { ColumnType, DataKind, type ColumnSetting, type RowRecord } from './types';

/** Reads a dotted path ('product.name') of a record; nothing through a value that is no object. */
export function getPath(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export function readValue<T extends RowRecord>(setting: ColumnSetting<T>, row: T): unknown {
  return setting.accessor ? setting.accessor(row) : getPath(row, setting.id);
}

/** The data kind in force: explicit, or implied by the column type. */
export function kindOf(setting: ColumnSetting<never>): DataKind | undefined {
  if (setting.dataKind) return setting.dataKind;
  switch (setting.type) {
    case ColumnType.DATE:
    case ColumnType.EXPIRED_DATE:
    case ColumnType.TIME_DIFFERENCE:
      return DataKind.DATE;
    case ColumnType.USER:
      return DataKind.USER;
    // Stryker disable next-line ConditionalExpression: emptied, the default leaves the switch and the function, which returns undefined all the same
    default:
      return undefined;
  }
}

export const isDateColumn = (setting: ColumnSetting<never>) => kindOf(setting) === DataKind.DATE;

/**
 * Issue 17: a column of free text (names, emails, links, HTML, licences) keeps a readable width;
 * below it the table scrolls inside its own container rather than folding a name into a
 * column one letter wide. Dates, numbers, switches and menus are as wide as their content.
 */
export function isTextColumn(setting: ColumnSetting<never>): boolean {
  switch (setting.type) {
    case ColumnType.NUMBER:
    case ColumnType.TOGGLE_SWITCH:
    case ColumnType.BUTTON_DROPDOWN:
      return false;
    default:
      return kindOf(setting) !== DataKind.DATE;
  }
}

interface LicenceLike {
  subscription?: { name?: string | null } | null;
  product?: { name?: string | null } | null;
  state?: { name?: string | null } | null;
}

/** SPEC §3 licence values: subscription.name, product.name, state.name. */
export function licenceLines(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((item: LicenceLike) =>
    [item?.subscription?.name, item?.product?.name, item?.state?.name]
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .join(' · '),
  );
}

/** DOMPurify with the defaults: scripts, event handlers and javascript: URLs removed. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

/**
 * The same sanitised HTML as a TrustedHTML object (DOMPurify's own Trusted Types policy) where
 * the browser has Trusted Types, for `dangerouslySetInnerHTML`: the built portals enforce
 * `require-trusted-types-for 'script'` (scripts/csp.ts), which refuses a plain string there.
 * Elsewhere (jsdom, older browsers) the sanitised string.
 */
export function trustedHtml(html: string): TrustedHTML | string {
  return DOMPurify.sanitize(html, { RETURN_TRUSTED_TYPE: true });
}

/** The visible text of an HTML value, for search, sort and export. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text a cell shows: what search matches, string filters test and CSV exports by default. */
export function cellText<T extends RowRecord>(setting: ColumnSetting<T>, row: T): string {
  if (setting.displayText) return setting.displayText(row);
  const value = readValue(setting, row);
  if (value === null || value === undefined) return '';
  switch (kindOf(setting as ColumnSetting<never>)) {
    case DataKind.DATE:
      return setting.withTime ? formatDateTime(value as string) : formatDate(value as string);
    case DataKind.USER:
      return formatUser(value as UserLike);
    case DataKind.LICENCES:
      return licenceLines(value).join('; ');
    case DataKind.HTML:
      return htmlText(String(value));
  }
  if (setting.type === ColumnType.TOGGLE_SWITCH) return value ? 'On' : 'Off';
  if (typeof value === 'object') return '';
  return String(value);
}

/**
 * The value TanStack sorts and filters by: a timestamp for dates, a number for numbers and
 * switches, lower-case text otherwise. Computed once per row and cached by the row model.
 */
export type SortKey = number | string | null;

export function sortKey<T extends RowRecord>(setting: ColumnSetting<T>, row: T): SortKey {
  if (isDateColumn(setting as ColumnSetting<never>)) {
    return toDate(readValue(setting, row) as string)?.getTime() ?? null;
  }
  if (setting.type === ColumnType.NUMBER) {
    const value = readValue(setting, row);
    // Number() reads null and '' as 0 (missing here) and undefined as NaN.
    const n = Number(value);
    return value === null || value === '' || Number.isNaN(n) ? null : n;
  }
  if (setting.type === ColumnType.TOGGLE_SWITCH) return readValue(setting, row) ? 1 : 0;
  const text = cellText(setting, row);
  return text === '' ? null : text.toLowerCase();
}

/**
 * URL columns: the link built from the row by the column's link format; null (plain text) when
 * a placeholder is empty or the result is not a safe link (relative, http(s) or mailto).
 */
export function buildLink<T extends RowRecord>(setting: ColumnSetting<T>, row: T): string | null {
  const format = setting.linkFormat;
  let href: string | null | undefined;
  if (typeof format === 'function') {
    href = format(row);
  } else if (typeof format === 'string') {
    let missing = false;
    href = format.replace(/\{([^}]+)\}/g, (_, path: string) => {
      const value = getPath(row, path.trim());
      if (value === null || value === undefined || value === '') missing = true;
      // A missing value gives no link (below): what is written for it does not matter.
      return encodeURIComponent(String(value));
    });
    if (missing) href = null;
  } else {
    const value = readValue(setting, row);
    href = typeof value === 'string' ? value : null;
  }
  if (!href) return null;
  return isSafeHref(href) ? href : null;
}

/** Tab, CR and LF are dropped by URL parsing, so '/\t/evil.example' would leave the origin. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function isSafeHref(href: string): boolean {
  if (CONTROL_CHARACTER.test(href)) return false;
  if (href.startsWith('/')) return !href.startsWith('//') && !href.startsWith('/\\');
  return /^(https?:|mailto:)/i.test(href);
}

/** Every column type but button dropdowns filters; switches and dropdowns do not sort. */
export const canSort = (setting: ColumnSetting<never>) =>
  setting.isSortable ??
  (setting.type !== ColumnType.BUTTON_DROPDOWN && setting.type !== ColumnType.TOGGLE_SWITCH);

export const canFilter = (setting: ColumnSetting<never>) =>
  setting.isFilterable ?? setting.type !== ColumnType.BUTTON_DROPDOWN;

export const canSearch = (setting: ColumnSetting<never>) =>
  setting.isSearchable ??
  (setting.type !== ColumnType.BUTTON_DROPDOWN && setting.type !== ColumnType.TOGGLE_SWITCH);
