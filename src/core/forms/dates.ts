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
export function isUsRegion(locale: string | undefined): boolean {
  if (!locale) return false;
  try {
    return new Intl.Locale(locale).region === 'US';
  } catch {
    return /^[a-z]{2,3}[-_]us\b/i.test(locale);
  }
}

/** The browser's region decides day or month first. */
export function browserMonthFirst(): boolean {
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
  const [, first = '', second = '', yearText = ''] = match;
  const day = Number(monthFirst ? second : first);
  const month = Number(monthFirst ? first : second);
  const year = expandYear(yearText);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(year, month - 1, day);
  // new Date treats years 0-99 as 1900-1999; set it exactly.
  date.setFullYear(year, month - 1, day);
  date.setHours(0, 0, 0, 0);
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

/** Reads a stored date: a Date, epoch milliseconds (number or digits) or an ISO string. */
export function fromStoredDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string') {
    if (!/^-?\d+$/.test(value)) return toDate(value);
    date = new Date(Number(value));
  } else return null;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** SPEC §4: a date past or equal to now shows in red (the shared rule of @/core/format). */
export function isExpired(value: unknown, now: Date = new Date()): boolean {
  const date = fromStoredDate(value);
  return date !== null && isPastOrNow(date, now.getTime());
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
  if (rules.maxDays !== undefined && length > rules.maxDays) return [day, null];
  if (rules.minDays !== undefined && length < rules.minDays) return [day, null];
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
  if (rules.minDays !== undefined && rules.maxDays !== undefined && rules.minDays > rules.maxDays) {
    return true;
  }
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
  if (rules.max !== undefined && current.length >= rules.max) return [day];
  return [...current, day].sort((a, b) => a.getTime() - b.getTime());
}
