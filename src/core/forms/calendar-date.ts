import { calendarDay, today } from '@/core/format';
import { fromStoredDate } from './dates';

/**
 * The date field stores local midnight as an ISO timestamp (SPEC §5); the CRM takes calendar
 * dates. The local calendar day is sent, not the UTC one (which is the day before east of UTC).
 */
export function toCalendarDate(stored: unknown): string | null {
  const date = fromStoredDate(stored);
  return date ? calendarDay(date) : null;
}

/** A CRM calendar date (YYYY-MM-DD) as the date field's stored value (local midnight). */
export function fromCalendarDate(ymd: string | null | undefined): string | null {
  const match = ymd ? /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd) : null;
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).toISOString();
}

/** A calendar date some months after another (or after today). */
export function monthsAfter(ymd: string | null | undefined, months: number): string {
  const base =
    ymd && /^\d{4}-\d{2}-\d{2}/.test(ymd) ? new Date(`${ymd.slice(0, 10)}T00:00:00`) : new Date();
  const today = new Date();
  // Stryker disable next-line EqualityOperator: at the same instant either is the same day
  const from = base.getTime() < today.getTime() ? today : base;
  return calendarDay(new Date(from.getFullYear(), from.getMonth() + months, from.getDate()));
}

/** A calendar date (YYYY-MM-DD) before today: an expiry there ends what it grants at once. */
export const isPastDay = (ymd: string | null | undefined): boolean =>
  // Stryker disable next-line MethodExpression: what follows a day (a time) sorts after today's date alone, as the day does
  Boolean(ymd && /^\d{4}-\d{2}-\d{2}/.test(ymd) && ymd.slice(0, 10) < today());
