import { formatDate, formatDateTime, isPastOrNow, type DateInput } from './format';

export interface ExpiredDateProps {
  value: DateInput;
  /** Show hours and minutes too. */
  withTime?: boolean;
  /** For tests and for lists that compare against one instant. */
  now?: number;
}

/**
 * SPEC §4: a date past or equal to now shows in red. Colour alone is not enough for everyone,
 * so an expired date also says so to screen readers.
 */
export function ExpiredDate({ value, withTime = false, now }: ExpiredDateProps) {
  const text = withTime ? formatDateTime(value) : formatDate(value);
  if (!text) return null;
  const expired = isPastOrNow(value, now);
  return (
    <span className={expired ? 'text-danger' : undefined} data-expired={expired || undefined}>
      {text}
      {expired && <span className="visually-hidden"> (expired)</span>}
    </span>
  );
}
