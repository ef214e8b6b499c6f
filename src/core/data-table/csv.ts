/**
 * CSV export in the browser (SPEC §7, §9): comma separator, every field in double quotes, a
 * byte-order mark, named after the entity. react-csv joins the fields; it does not escape, so
 * each field is escaped here first (RFC 4180: a quote inside a field is doubled; commas and line
 * breaks are safe inside quotes).
 *
 * A text cell that a spreadsheet could run as a formula gets a leading single quote (OWASP CSV
 * injection; isFormulaLike says which). Numbers are left as they are: a JavaScript number cannot
 * hold a formula.
 */
import { toCSV } from 'react-csv/lib/core';
import { saveBlob } from '@/core/files';

export const CSV_BOM = '\uFEFF';

/** OWASP's list (line feed added in 2025): a cell starting with tab, carriage return or line feed. */
const CONTROL_START = /^[\t\r\n]/;
/**
 * What may stand before a formula without a person seeing it, or be dropped on import (Calc's
 * 'Trim spaces', a reader that strips blanks): blanks of every kind (space, no-break space,
 * ideographic space...), line breaks and other control characters, and invisible format
 * characters (zero-width space and joiners, word joiner, byte-order mark, direction marks).
 * A formula start behind any run of them is neutralised too; the quote costs nothing.
 */
const SKIPPED = /[\s\p{Z}\p{Cc}\p{Cf}]/u;
/** = + - @ and every character a spreadsheet may read as one: its compatibility forms (NFKC). */
const TRIGGER = /^[=+\-@\u2212]/;

export function isFormulaLike(text: string): boolean {
  if (CONTROL_START.test(text)) return true;
  // The first character a person sees (by code points: a surrogate pair stays whole).
  for (const c of text) {
    // Full-width ＝＋－＠, small ﹦﹢﹣﹫, super- and subscript ⁼⁺⁻₌₊₋ all fold to = + - @.
    if (!SKIPPED.test(c)) return TRIGGER.test(c.normalize('NFKC'));
  }
  return false;
}

export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  // Stryker disable next-line ConditionalExpression,StringLiteral: without this line String() writes true and false the same; it only says so plainly
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return isFormulaLike(text) ? `'${text}` : text;
}

/** One field's text inside its double quotes (neutralised, quotes doubled). */
export const escapeField = (value: unknown) => neutraliseCell(value).replace(/"/g, '""');

/** Header line and rows to CSV text, the byte-order mark first. */
export function toCsvText(headers: readonly string[], rows: ReadonlyArray<readonly unknown[]>) {
  // react-csv drops falsy rows and joins with '\n'; every row here is a non-empty array.
  const data = [headers.map(escapeField), ...rows.map((row) => row.map(escapeField))];
  // react-csv's typings require headers; undefined means 'the first row is the header'.
  return CSV_BOM + toCSV(data, undefined as never, ',', '"');
}

/** Records (from csvMapperFn) to CSV text: the header line is the union of their keys. */
export function recordsToCsvText(records: ReadonlyArray<Record<string, unknown>>) {
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (!seen.has(key)) {
        seen.add(key);
        headers.push(key);
      }
    }
  }
  return toCsvText(
    headers,
    records.map((record) => headers.map((key) => record[key])),
  );
}

/** SPEC §9: the file name of an export without an entity name (react-csv's default). */
const DEFAULT_CSV_FILE_NAME = 'generatedBy_react-csv.csv';

/** A safe file name from the entity ('Issued Licences' → 'Issued Licences.csv'). */
export function csvFileName(entity: string): string {
  const base = entity
    .split('')
    // Control characters (U+0000 to U+001F) and what Windows refuses in a file name.
    .map((c) => (c <= '\u001f' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return base ? `${base}.csv` : DEFAULT_CSV_FILE_NAME;
}

/** Saves CSV text (or a Blob of it) as a file. */
export function downloadCsv(fileName: string, text: string | Blob): void {
  saveBlob(
    text instanceof Blob ? text : new Blob([text], { type: 'text/csv;charset=utf-8' }),
    fileName,
  );
}
