const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD (the shape the CRM uses for dates), not the UTC one. */
export const calendarDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Today as a local calendar day (YYYY-MM-DD). */
export const today = (): string => calendarDay(new Date());
