import { formatDate } from '@/core/format';
import { isPastDay } from '@/core/forms/calendar-date';

/** An expiry before today ends what is granted at once: the user says so explicitly. */
export const pastExpiryWarning = (expiry: string | null, what: string): string[] =>
  expiry && isPastDay(expiry)
    ? [`The expiry ${formatDate(expiry)} is in the past: ${what} will be expired at once`]
    : [];
