export * from './format';
export { ExpiredDate } from './expired-date';
export type { ExpiredDateProps } from './expired-date';
export { calendarDay, today } from './calendar-day';
