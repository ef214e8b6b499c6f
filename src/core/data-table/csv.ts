/**
 * CSV export in the browser (SPEC §7, §9): comma separator, every field in double quotes, a
 * byte-order mark, named after the entity. react-csv joins the fields; it does not escape, so
 * each field is escaped here first (RFC 4180: a quote inside a field is doubled; commas and line
 * breaks are safe inside quotes).
 *
 * A text cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return, or the
 * full-width ＝ ＋ － ＠) gets a leading single quote (OWASP CSV injection). Numbers are left as
 * they are: a JavaScript number cannot hold a formula.
 */
import { toCSV } from 'react-csv/lib/core';

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
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

/** A safe file name from the entity ('Issued Licences' → 'Issued Licences.csv'). */
export function csvFileName(entity: string): string {
  const base =
    entity
      .split('')
      .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
      .join('')
      .replace(/\s+/g, ' ')
      .trim() || 'export';
  return `${base}.csv`;
}

/** Saves CSV text (or a Blob of it) as a file through a temporary link. */
export function downloadCsv(fileName: string, text: string | Blob): void {
  const blob = text instanceof Blob ? text : new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: Chromium fetches the blob after the click returns, and an early revoke
  // cancels the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
