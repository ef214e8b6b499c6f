import { isPastOrNow, toDate } from '@/core/format';

/**
 * Pure date helpers of the date field (SPEC §5 'Date field', §9 'Calendar').
 * Stored values are timestamp strings: the ISO 8601 form of local midnight of the day.
 */

/** SPEC §9: the calendar shows 6 fixed weeks, a 12-year picker, weeks from Sunday. */
export const CALENDAR = {
  fixedWeeks: 6,
  yearPickerItems: 12,
  yearDropdownYearsBack: 100,
  weekStartsOn: 0,
} as const;

/** Region of a BCP 47 tag is US ('en-US', 'es-US'): month first (SPEC §5). */
// Stryker disable next-line StringLiteral: no tag, like any text that is no tag, has no region
export function isUsRegion(locale = ''): boolean {
  try {
    return new Intl.Locale(locale).region === 'US';
  } catch {
    return /^[a-z]{2,3}[-_]us\b/i.test(locale);
  }
}

/** The browser's region decides day or month first. */
export function browserMonthFirst(): boolean {
  // Stryker disable next-line StringLiteral: the portals run in browsers, which have a navigator
  return typeof navigator !== 'undefined' && isUsRegion(navigator.language);
}

/** SPEC §5: two-digit years above 68 mean 19xx, else 20xx. */
export function expandYear(digits: string): number {
  const year = Number(digits);
  if (digits.length !== 2) return year;
  return year > 68 ? 1900 + year : 2000 + year;
}

const TYPED_DATE = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{2,4})\s*$/;

/**
 * Parses typed day/month/year text (month/day/year when monthFirst) with 1-2 digit day and month
 * and a 2-4 digit year. Returns local midnight of that day, or null when the text is not such a
 * date (then nothing is set).
 */
export function parseTypedDate(text: string, monthFirst: boolean): Date | null {
  const match = TYPED_DATE.exec(text);
  if (!match) return null;
  // Stryker disable next-line StringLiteral: the three groups always match, so no default is used
  const [, first = '', second = '', yearText = ''] = match;
  const day = Number(monthFirst ? second : first);
  const month = Number(monthFirst ? first : second);
  const year = expandYear(yearText);
  // Local midnight of that day (new Date(y, …) would read years 0-99 as 1900-1999). A day or
  // month out of range rolls over into another date, which the check below refuses.
  const date = new Date(0, 0, 1);
  date.setFullYear(year, month - 1, day);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a rolled-over date differs in two of the three parts (a day past the month's end: month and day; month 0 or 13: month and year), so each check alone is implied by the other two
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return date;
}

export function startOfLocalDay(date: Date): Date {
  const copy = new Date(date.getTime());
  copy.setHours(0, 0, 0, 0);
  return copy;
}

/** A calendar pick is stored as local midnight, as a timestamp string (ISO 8601). */
export function toStoredDate(date: Date): string {
  return startOfLocalDay(date).toISOString();
}

/** Reads a stored date: a Date, epoch milliseconds (a number or a string of digits) or an ISO string. */
export function fromStoredDate(value: unknown): Date | null {
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return toDate(Number(value));
  if (value instanceof Date || typeof value === 'string' || typeof value === 'number')
    return toDate(value);
  return null;
}

/** SPEC §4: a date past or equal to now shows in red (the shared rule of @/core/format). */
export function isExpired(value: unknown, now: Date = new Date()): boolean {
  return isPastOrNow(fromStoredDate(value), now.getTime());
}

/** SPEC §9: the year dropdown runs from 100 years back to the end of this year. */
export function yearDropdownYears(now: Date = new Date()): number[] {
  const last = now.getFullYear();
  const years: number[] = [];
  for (let y = last - CALENDAR.yearDropdownYearsBack; y <= last; y += 1) years.push(y);
  return years;
}

/** Whole days from a to b (local calendar days, DST-safe). */
export function daysBetween(a: Date, b: Date): number {
  const utcA = Date.UTC(a.getFullYear(), a.getMonth(), a.getDate());
  const utcB = Date.UTC(b.getFullYear(), b.getMonth(), b.getDate());
  return Math.round((utcB - utcA) / 86_400_000);
}

export function sameDay(a: Date, b: Date): boolean {
  return daysBetween(a, b) === 0;
}

export interface RangeRules {
  /** Inclusive day count bounds of a complete range. */
  minDays?: number;
  maxDays?: number;
  /** With excludeDisabled, a range crossing a disabled day restarts. */
  excludeDisabled?: boolean;
  isDisabled?: (date: Date) => boolean;
}

export type DateRange = readonly [Date | null, Date | null];

/**
 * SPEC §5 'Calendar', range mode: the next [start, end] after a click on `clicked`.
 * No start, or a complete range: the click starts a new range. A click before the start starts
 * again from it. A range longer than maxDays or shorter than minDays restarts from the clicked
 * day; with excludeDisabled a range crossing a disabled day restarts likewise.
 */
export function nextRange(
  current: DateRange,
  clicked: Date,
  rules: RangeRules = {},
): [Date, Date | null] {
  const day = startOfLocalDay(clicked);
  const [start, end] = current;
  if (!start || end) return [day, null];
  if (daysBetween(start, day) < 0) return [day, null];
  const length = daysBetween(start, day) + 1;
  if (length > (rules.maxDays ?? Infinity) || length < (rules.minDays ?? 0)) return [day, null];
  if (rules.excludeDisabled && rules.isDisabled) {
    for (let i = 1; i < length - 1; i += 1) {
      const between = startOfLocalDay(start);
      between.setDate(between.getDate() + i);
      if (rules.isDisabled(between)) return [day, null];
    }
  }
  return [startOfLocalDay(start), day];
}

/** SPEC §8: an impossible range (end before start, or min above max). */
export function isInvalidRange(range: DateRange, rules: RangeRules = {}): boolean {
  if ((rules.minDays ?? -Infinity) > (rules.maxDays ?? Infinity)) return true;
  const [start, end] = range;
  return Boolean(start && end && daysBetween(start, end) < 0);
}

export interface MultipleRules {
  min?: number;
  max?: number;
  required?: boolean;
}

/**
 * SPEC §5 'Calendar', multiple mode: a click toggles a day. Deselecting below min (or below 1
 * when required) is refused; at max, a click on a new day restarts the selection from it.
 */
export function nextMultiple(
  current: readonly Date[],
  clicked: Date,
  rules: MultipleRules = {},
): Date[] {
  const day = startOfLocalDay(clicked);
  const floor = Math.max(rules.min ?? 0, rules.required ? 1 : 0);
  const selected = current.some((d) => sameDay(d, day));
  if (selected) {
    if (current.length <= floor) return [...current];
    return current.filter((d) => !sameDay(d, day));
  }
  if (current.length >= (rules.max ?? Infinity)) return [day];
  return [...current, day].sort((a, b) => a.getTime() - b.getTime());
}
