import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromStoredDate,
  isExpired,
  isInvalidRange,
  isUsRegion,
  nextMultiple,
  nextRange,
  parseTypedDate,
  toStoredDate,
  validateField,
  yearDropdownYears,
} from '@/core/forms';

const d = (y: number, m: number, day: number, hour = 0) => new Date(y, m - 1, day, hour);

describe('typed date text (SPEC §5)', () => {
  it('reads day/month/year, or month/day/year in the US', () => {
    expect(parseTypedDate('3/4/2024', false)).toEqual(d(2024, 4, 3));
    expect(parseTypedDate('3/4/2024', true)).toEqual(d(2024, 3, 4));
    expect(parseTypedDate('31/12/99', false)).toEqual(d(1999, 12, 31));
    expect(parseTypedDate('1/1/68', false)).toEqual(d(2068, 1, 1));
    expect(parseTypedDate('1/1/69', false)).toEqual(d(1969, 1, 1));
  });

  it.each([
    '',
    '2024-03-04',
    '1/2',
    '1/2/3',
    '123/1/2024',
    '1/1/20245',
    '31/2/2024',
    '0/1/2024',
    '1/13/2024',
    'a/b/c',
  ])('sets nothing for %j', (text) => expect(parseTypedDate(text, false)).toBeNull());

  it('knows the US region from the browser language', () => {
    expect(isUsRegion('en-US')).toBe(true);
    expect(isUsRegion('es-US')).toBe(true);
    expect(isUsRegion('en-GB')).toBe(false);
    expect(isUsRegion('en')).toBe(false);
    expect(isUsRegion(undefined)).toBe(false);
    expect(isUsRegion('')).toBe(false);
  });

  it("knows the US region from a tag the browser's Intl refuses (an underscore)", () => {
    expect(isUsRegion('en_US')).toBe(true);
    expect(isUsRegion('EN_us')).toBe(true);
    expect(isUsRegion('haw_US')).toBe(true);
    expect(isUsRegion('en_GB')).toBe(false);
    expect(isUsRegion('en_USA')).toBe(false);
    expect(isUsRegion('e_US')).toBe(false);
    expect(isUsRegion('x1en_US')).toBe(false);
    expect(isUsRegion('12_US')).toBe(false);
    expect(isUsRegion('en.US')).toBe(false);
  });

  it('property: any valid day round-trips through text, in both orders, at local midnight', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true }),
        fc.boolean(),
        (date, us) => {
          const day = date.getDate();
          const month = date.getMonth() + 1;
          const year = date.getFullYear();
          const text = us ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
          const parsed = parseTypedDate(text, us);
          expect(parsed).not.toBeNull();
          expect(parsed?.getFullYear()).toBe(year);
          expect(parsed?.getMonth()).toBe(month - 1);
          expect(parsed?.getDate()).toBe(day);
          expect(parsed?.getHours()).toBe(0);
        },
      ),
    );
  });

  it('property: two-digit years map above 68 to 19xx, else 20xx', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (yy) => {
        const parsed = parseTypedDate(`1/1/${String(yy).padStart(2, '0')}`, false);
        expect(parsed?.getFullYear()).toBe(yy > 68 ? 1900 + yy : 2000 + yy);
      }),
    );
  });

  it('property: text not of the shape d/m/y never sets a date', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (!/^\s*\d{1,2}\/\d{1,2}\/\d{2,4}\s*$/.test(text))
          expect(parseTypedDate(text, false)).toBeNull();
      }),
    );
  });

  it('stores local midnight as a timestamp string', () => {
    const stored = toStoredDate(new Date(2024, 4, 6, 15, 30));
    expect(new Date(stored).getHours()).toBe(0);
    expect(new Date(stored).getDate()).toBe(6);
  });

  it('a date past or equal to now is expired', () => {
    const now = new Date(2024, 0, 10, 12);
    expect(isExpired(toStoredDate(d(2024, 1, 9)), now)).toBe(true);
    expect(isExpired(now.toISOString(), now)).toBe(true);
    expect(isExpired(toStoredDate(d(2024, 1, 11)), now)).toBe(false);
    expect(isExpired(null, now)).toBe(false);
  });

  it('a calendar day is expired from its local midnight, as everywhere else (SPEC §4)', () => {
    const zone = process.env['TZ'];
    process.env['TZ'] = 'Australia/Sydney';
    try {
      const justAfterMidnight = new Date(2029, 1, 15, 0, 30);
      expect(isExpired('2029-02-15', justAfterMidnight)).toBe(true);
      expect(isExpired('2029-02-16', justAfterMidnight)).toBe(false);
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it('reads stored dates: a Date, epoch milliseconds as a number or digits, an ISO string', () => {
    const at = new Date(2024, 4, 6, 15, 30);
    expect(fromStoredDate(at)).toEqual(at);
    expect(fromStoredDate(at.getTime())).toEqual(at);
    expect(fromStoredDate(0)).toEqual(new Date(0));
    expect(fromStoredDate(String(at.getTime()))).toEqual(at);
    expect(fromStoredDate('-86400000')).toEqual(new Date(-86_400_000));
    expect(fromStoredDate('7')).toEqual(new Date(7));
    expect(fromStoredDate(at.toISOString())).toEqual(at);
    expect(fromStoredDate('2024-05-06')).toEqual(d(2024, 5, 6));
  });

  it('reads nothing from an empty, invalid or unknown stored value', () => {
    for (const value of [
      null,
      undefined,
      '',
      'soon',
      '12a',
      Number.NaN,
      new Date(Number.NaN),
      {},
      true,
      [2024],
    ])
      expect(fromStoredDate(value)).toBeNull();
    expect(isExpired('soon', new Date(2024, 0, 1))).toBe(false);
    expect(isExpired({}, new Date(2024, 0, 1))).toBe(false);
  });

  it('year dropdown runs 100 years back to this year', () => {
    const years = yearDropdownYears(new Date(2026, 5, 1));
    expect(years[0]).toBe(1926);
    expect(years.at(-1)).toBe(2026);
    expect(years).toHaveLength(101);
  });
});

describe('calendar range rules (SPEC §5)', () => {
  it('starts, completes and restarts ranges', () => {
    expect(nextRange([null, null], d(2024, 1, 5))).toEqual([d(2024, 1, 5), null]);
    expect(nextRange([d(2024, 1, 5), null], d(2024, 1, 8))).toEqual([d(2024, 1, 5), d(2024, 1, 8)]);
    expect(nextRange([d(2024, 1, 5), d(2024, 1, 8)], d(2024, 1, 9))).toEqual([d(2024, 1, 9), null]);
    expect(nextRange([d(2024, 1, 5), null], d(2024, 1, 2))).toEqual([d(2024, 1, 2), null]);
    // The start clicked again: a range of that one day.
    expect(nextRange([d(2024, 1, 5), null], d(2024, 1, 5, 13))).toEqual([
      d(2024, 1, 5),
      d(2024, 1, 5),
    ]);
  });

  it('a range of exactly min or max days completes', () => {
    const rules = { minDays: 3, maxDays: 3 };
    expect(nextRange([d(2024, 1, 1), null], d(2024, 1, 3), rules)).toEqual([
      d(2024, 1, 1),
      d(2024, 1, 3),
    ]);
    expect(nextRange([d(2024, 1, 1), null], d(2024, 1, 4), rules)).toEqual([d(2024, 1, 4), null]);
    expect(nextRange([d(2024, 1, 1), null], d(2024, 1, 2), rules)).toEqual([d(2024, 1, 2), null]);
  });

  it('a range longer than max or shorter than min restarts from the clicked day', () => {
    const rules = { minDays: 3, maxDays: 5 };
    expect(nextRange([d(2024, 1, 1), null], d(2024, 1, 7), rules)).toEqual([d(2024, 1, 7), null]);
    expect(nextRange([d(2024, 1, 1), null], d(2024, 1, 2), rules)).toEqual([d(2024, 1, 2), null]);
    expect(nextRange([d(2024, 1, 1), null], d(2024, 1, 5), rules)).toEqual([
      d(2024, 1, 1),
      d(2024, 1, 5),
    ]);
  });

  it('with excludeDisabled a range crossing a disabled day restarts', () => {
    const isDisabled = (date: Date) => date.getDate() === 3;
    expect(
      nextRange([d(2024, 1, 1), null], d(2024, 1, 5), { excludeDisabled: true, isDisabled }),
    ).toEqual([d(2024, 1, 5), null]);
    expect(nextRange([d(2024, 1, 1), null], d(2024, 1, 5), { isDisabled })).toEqual([
      d(2024, 1, 1),
      d(2024, 1, 5),
    ]);
    expect(
      nextRange([d(2024, 1, 4), null], d(2024, 1, 5), { excludeDisabled: true, isDisabled }),
    ).toEqual([d(2024, 1, 4), d(2024, 1, 5)]);
  });

  it('with excludeDisabled only the days strictly between start and end count', () => {
    const disabled = (...days: Date[]) => ({
      excludeDisabled: true,
      isDisabled: (date: Date) => days.some((day) => day.getTime() === date.getTime()),
    });
    const range = (rules: ReturnType<typeof disabled>) =>
      nextRange([d(2024, 1, 10), null], d(2024, 1, 14), rules);
    const complete = [d(2024, 1, 10), d(2024, 1, 14)];
    // Disabled days outside the range, or none: the range completes.
    expect(range(disabled())).toEqual(complete);
    expect(range(disabled(d(2024, 1, 9), d(2024, 1, 15), d(2023, 12, 31)))).toEqual(complete);
    // The days the user clicked (the calendar lets no one click a disabled day; checked anyway).
    expect(range(disabled(d(2024, 1, 10), d(2024, 1, 14)))).toEqual(complete);
    // Any day between them: it restarts from the clicked day.
    for (const day of [11, 12, 13])
      expect(range(disabled(d(2024, 1, day)))).toEqual([d(2024, 1, 14), null]);
  });

  it("an impossible range is 'Invalid range'", () => {
    expect(isInvalidRange([d(2024, 1, 5), d(2024, 1, 1)])).toBe(true);
    expect(isInvalidRange([null, null], { minDays: 5, maxDays: 2 })).toBe(true);
    expect(isInvalidRange([d(2024, 1, 1), d(2024, 1, 5)])).toBe(false);
    expect(isInvalidRange([d(2024, 1, 5), d(2024, 1, 5)])).toBe(false);
    expect(isInvalidRange([null, null], { minDays: 2, maxDays: 2 })).toBe(false);
    expect(isInvalidRange([null, null], { minDays: 5 })).toBe(false);
    expect(isInvalidRange([null, null], { maxDays: -1 })).toBe(false);
    expect(
      validateField(
        { field: 'r', type: 'date', dateMode: 'range' },
        [toStoredDate(d(2024, 1, 5)), toStoredDate(d(2024, 1, 1))],
        {},
      ),
    ).toBe('Invalid range');
  });

  it('property: a completed range always lies within [min, max] days and never goes backwards', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        (offset, min, extra) => {
          const max = min + extra;
          const start = d(2024, 1, 1);
          const clicked = d(2024, 1, 1 + offset);
          const [s, e] = nextRange([start, null], clicked, { minDays: min, maxDays: max });
          if (e) {
            const length = Math.round((e.getTime() - s.getTime()) / 86_400_000) + 1;
            expect(length).toBeGreaterThanOrEqual(min);
            expect(length).toBeLessThanOrEqual(max);
          } else {
            expect(s).toEqual(clicked);
          }
        },
      ),
    );
  });
});

describe('calendar multiple rules (SPEC §5)', () => {
  it('toggles days, keeps at least min (or 1 when required), restarts at max', () => {
    const a = d(2024, 1, 1);
    const b = d(2024, 1, 2);
    const c = d(2024, 1, 3);
    expect(nextMultiple([], a)).toEqual([a]);
    expect(nextMultiple([a], b)).toEqual([a, b]);
    expect(nextMultiple([a, b], a)).toEqual([b]);
    expect(nextMultiple([a], a)).toEqual([]);
    expect(nextMultiple([a], a, { required: true })).toEqual([a]);
    expect(nextMultiple([a, b], b, { min: 2 })).toEqual([a, b]);
    expect(nextMultiple([a, b], c, { max: 2 })).toEqual([c]);
    expect(nextMultiple([a, b], b, { max: 2 })).toEqual([a]);
    expect(nextMultiple([a], b, { max: 2 })).toEqual([a, b]);
  });

  it('keeps the picked days in calendar order, whatever the order of the clicks', () => {
    const days = [d(2024, 1, 20), d(2024, 1, 3), d(2024, 2, 1), d(2023, 12, 31)];
    const picked = days.reduce<Date[]>((current, day) => nextMultiple(current, day), []);
    expect(picked).toEqual([d(2023, 12, 31), d(2024, 1, 3), d(2024, 1, 20), d(2024, 2, 1)]);
  });

  it('property: deselecting never goes below the floor; never above max', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 3, max: 6 }),
        (clicks, min, max) => {
          let selection: Date[] = [];
          for (const day of clicks) {
            const before = selection.length;
            const deselecting = selection.some((s) => s.getDate() === day);
            selection = nextMultiple(selection, d(2024, 1, day), { min, max, required: true });
            expect(selection.length).toBeLessThanOrEqual(max);
            // Deselecting never goes below the floor (a click at max restarts from one day).
            if (deselecting)
              expect(selection.length).toBeGreaterThanOrEqual(Math.min(before, Math.max(min, 1)));
          }
        },
      ),
    );
  });
});
