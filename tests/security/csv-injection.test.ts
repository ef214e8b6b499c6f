import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsvText } from '@/core/data-table';
import { FORMULA_STARTS, SKIPPABLE, runsAsFormula } from './formula';

/**
 * CSV formula injection (issue 14): beyond OWASP's = + - @ tab CR (and the full-width forms),
 * a formula may hide behind a leading line feed, blanks (space, no-break space), invisible
 * characters (zero-width space, byte-order mark...) or start with the small, super- or subscript
 * forms of = + - (﹦ ﹢ ⁺ ₌...). Every such cell gets a leading quote; nothing else changes.
 */
const start = fc.constantFrom(...FORMULA_STARTS);
const skipped = fc.array(fc.constantFrom(...SKIPPABLE), { maxLength: 4 });
const anyText = fc.string({ unit: 'binary', maxLength: 16 });

describe('CSV cells a spreadsheet could run', () => {
  it.each([
    ['a leading line feed', '\n=1+1'],
    ['a leading space', ' =HYPERLINK("http://evil.example","x")'],
    ['a no-break space', '\u00A0=1+1'],
    ['a zero-width space', '\u200B=1+1'],
    ['a byte-order mark', '\uFEFF@SUM(1)'],
    ['the small equals sign', '\uFE66cmd|" /C calc"!A0'],
    ['the small plus sign', '\uFE621+1'],
    ['blanks, then the full-width equals sign', ' \u3000\uFF1D1+1'],
  ])('neutralises a formula behind %s', (_, cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });

  it('neutralises every formula start behind any run of blanks and invisible characters (property)', () => {
    fc.assert(
      fc.property(skipped, start, anyText, (before, first, rest) => {
        const cell = `${before.join('')}${first}${rest}`;
        expect(runsAsFormula(cell)).toBe(true);
        expect(neutraliseCell(cell)).toBe(`'${cell}`);
      }),
      { numRuns: 2000, seed: 14 },
    );
  });

  it('changes any text at most by a leading quote, and always when a spreadsheet could run it (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          fc.tuple(skipped, start, anyText).map((p) => p.flat().join('')),
        ),
        (cell) => {
          const out = neutraliseCell(cell);
          expect([cell, `'${cell}`]).toContain(out);
          if (runsAsFormula(cell)) expect(out).toBe(`'${cell}`);
          expect(runsAsFormula(out)).toBe(false);
        },
      ),
      { numRuns: 2000, seed: 15 },
    );
  });

  it('leaves text that starts with a letter, digit or quote as it is (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('a', 'Z', 'é', '中', '0', '9', "'", '"', '(', '#'),
        anyText,
        (first, rest) => {
          expect(neutraliseCell(`${first}${rest}`)).toBe(`${first}${rest}`);
        },
      ),
      { numRuns: 500, seed: 16 },
    );
  });

  it('writes the neutralised cell into the file, quoted (RFC 4180)', () => {
    const csv = toCsvText(['Name', 'Note'], [['\u00A0=1+1', '\n@SUM(A1)']]);
    expect(csv).toBe('\uFEFF"Name","Note"\n"\'\u00A0=1+1","\'\n@SUM(A1)"');
  });
});
