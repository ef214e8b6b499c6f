/**
 * The test's own model of a cell a spreadsheet could run as a formula (OWASP CSV injection and
 * what spreadsheets skip before it), written apart from src/core/data-table/csv.ts so that the
 * property tests compare two readings of the rule, not one with itself.
 */

/** Characters a spreadsheet reads as = + - @: ASCII, full-width, small, super- and subscript. */
export const FORMULA_STARTS = [
  '=',
  '+',
  '-',
  '@',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20', // ＝ ＋ － ＠
  '\uFE66',
  '\uFE62',
  '\uFE63',
  '\uFE6B', // ﹦ ﹢ ﹣ ﹫
  '\u207C',
  '\u207A',
  '\u207B', // ⁼ ⁺ ⁻
  '\u208C',
  '\u208A',
  '\u208B', // ₌ ₊ ₋
  '\u2212', // − minus sign
];

/** Blanks, line breaks and invisible characters that may stand before a formula. */
export const SKIPPABLE = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\v',
  '\f',
  '\u0085',
  '\u00A0',
  '\u1680',
  '\u2000',
  '\u2003',
  '\u2007',
  '\u200A',
  '\u2028',
  '\u2029',
  '\u202F',
  '\u205F',
  '\u3000', // no-break, Ogham, en quad, em, figure, hair, line/paragraph separators, narrow nbsp, math, ideographic
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202E',
  '\u00AD',
  '\u0000',
  '\u0001',
  '\u001F',
  '\u007F',
];

const skippable = new Set(SKIPPABLE);
const starts = new Set(FORMULA_STARTS);

/** Whether a spreadsheet could take the cell for a formula. */
export function runsAsFormula(cell: string): boolean {
  if (/^[\t\r\n]/.test(cell)) return true; // OWASP: these alone start a formula
  const chars = [...cell];
  let i = 0;
  while (i < chars.length && skippable.has(chars[i] ?? '')) i += 1;
  return starts.has(chars[i] ?? '');
}
