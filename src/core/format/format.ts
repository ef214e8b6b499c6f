/**
 * Shared display rules (SPEC §3, §4, §9). Pure functions: the same text is shown in tables,
 * forms and exports, so everything a user reads about a user, a date or a size comes from here.
 */

// The user display lives apart (the shell's user menu imports it alone at start-up).
export { formatUser, formatUserName, PENDING_USER_TEXT, type UserLike } from './user';

export type DateInput = Date | string | number | null | undefined;

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A Date from a Date, an ISO/parsable string or a timestamp; null when absent or invalid. A
 * calendar day (YYYY-MM-DD, the CRM's expiry and end dates) is local midnight of that day, not
 * UTC midnight: west of UTC that would show the day before, and east of it a licence expiring
 * today would not be red until the small hours.
 */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = value;
  else {
    const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
    date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * SPEC §4: a date past or equal to now shows in red. The one rule for every place a date can be
 * red (tables, details, cards, dialogs, the review step, the date field): a calendar day counts
 * from its local midnight, so a licence expiring today is red all day.
 */
export function isPastOrNow(value: DateInput, now: number = Date.now()): boolean {
  const date = toDate(value);
  return date !== null && date.getTime() <= now;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Dates read YYYY/MM/DD (local time) everywhere: the same shape the table's date filters take
 * (SPEC §5), so a user types what they see.
 */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

/** YYYY/MM/DD HH:mm, local time. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Parses YYYY/MM/DD (month and day may have one digit) into local midnight; null for any text
 * that is not a real calendar date (SPEC §5: invalid filter text clears that bound).
 */
export function parseYmd(text: string): Date | null {
  const match = /^\s*(\d{4})\/(\d{1,2})\/(\d{1,2})\s*$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return date;
}

const relativeUnits: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600 * 1000],
  ['month', 30 * 24 * 3600 * 1000],
  ['week', 7 * 24 * 3600 * 1000],
  ['day', 24 * 3600 * 1000],
  ['hour', 3600 * 1000],
  ['minute', 60 * 1000],
  ['second', 1000],
];
let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** The time between a date and now in words ('3 days ago', 'in 2 hours'). */
export function formatTimeDifference(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const diff = date.getTime() - now;
  for (const [unit, ms] of relativeUnits) {
    if (Math.abs(diff) >= ms || unit === 'second') {
      return relativeFormat.format(Math.round(diff / ms), unit);
    }
  }
  return '';
}

const sizeUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** SPEC §9: units B to YB, base 1024, at most 2 decimals ('1.5 KB', '0 B'). */
export function formatFileSize(bytes: number | null | undefined, decimals = 2): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes === 0) return '0 B';
  const index = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), sizeUnits.length - 1);
  const value = Math.max(0, index) === 0 ? bytes : bytes / 1024 ** index;
  return `${parseFloat(value.toFixed(decimals))} ${sizeUnits[Math.max(0, index)]}`;
}

/** SPEC §9: string cells show at most 75 characters. */
export const STRING_CELL_MAX = 75;

/** Cuts text longer than max characters and ends it with an ellipsis. */
export function truncate(text: string | null | undefined, max: number = STRING_CELL_MAX): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** SPEC §9: tooltips over 200 characters use a wide style. */
export const WIDE_TOOLTIP_MIN = 200;
export const isWideTooltip = (text: string) => text.length > WIDE_TOOLTIP_MIN;

/** Issue 17: seats read 'used / allowed' wherever they show, under this heading. */
export const SEATS_USED_ALLOWED = 'Seats used / allowed';

/**
 * A figure as people read it, with thousands separators and a fixed number of decimals
 * (default none): 1000347 → '1,000,347', 60886.1 → '60,886.1' with one decimal. Every count
 * a user reads (totals, selections, progress, dashboards) goes through it.
 */
export const formatFigure = (value: number, decimals = 0) =>
  value.toLocaleString('en-GB', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });

/** A part of a whole as 'part / whole': '3 / 10', '1,200 / 5,000'. */
export const formatPartOf = (part: number, whole: number) =>
  `${formatFigure(part)} / ${formatFigure(whole)}`;

/** A subscription's seats as 'used / allowed': '3 / 10', '1,200 / 5,000'. */
export const formatSeats = formatPartOf;

/** A count and its noun, singular for one: '1 record', '2,500 records' (never '1 records'). */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatFigure(count)} ${count === 1 ? singular : plural}`;
}
