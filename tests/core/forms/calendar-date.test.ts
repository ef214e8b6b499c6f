import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCalendarDate, isPastDay, monthsAfter, toCalendarDate } from '@/core/forms';

// The licence and subscription forms: the date field keeps local midnight, the CRM takes days.
describe('calendar dates between the date field and the CRM', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 15, 30));
  });
  afterEach(() => vi.useRealTimers());

  it('sends the local calendar day of the picked date, and nothing without one', () => {
    expect(toCalendarDate(new Date(2027, 0, 31).toISOString())).toBe('2027-01-31');
    expect(toCalendarDate(new Date(2027, 0, 1))).toBe('2027-01-01');
    expect(toCalendarDate(null)).toBeNull();
    expect(toCalendarDate('')).toBeNull();
  });

  it("shows the CRM's day as that day in the date field; no day, or another format, shows none", () => {
    expect(fromCalendarDate('2027-03-05')).toBe(new Date(2027, 2, 5).toISOString());
    expect(fromCalendarDate('2027-12-31T00:00:00Z')).toBe(new Date(2027, 11, 31).toISOString());
    expect(fromCalendarDate(null)).toBeNull();
    expect(fromCalendarDate('')).toBeNull();
    expect(fromCalendarDate('05/03/2027')).toBeNull();
    expect(fromCalendarDate('due 2027-03-05')).toBeNull();
    expect(fromCalendarDate('2027-3-05')).toBeNull();
    expect(fromCalendarDate('2027-03-5')).toBeNull();
  });

  it('a new licence expires 12 months from today; a renewal extends the later of its expiry and today', () => {
    expect(monthsAfter(null, 12)).toBe('2027-11-26');
    expect(monthsAfter('2027-02-10', 12)).toBe('2028-02-10');
    expect(monthsAfter('2027-02-10T08:00:00Z', 1)).toBe('2027-03-10');
    // An expired licence renews from today, not from its old expiry.
    expect(monthsAfter('2025-01-01', 12)).toBe('2027-11-26');
    expect(monthsAfter('not a date', 1)).toBe('2026-12-26');
    expect(monthsAfter('due 2027-02-10', 1)).toBe('2026-12-26');
    expect(monthsAfter('2027-02-1', 1)).toBe('2026-12-26');
  });

  it('a day before today is past (its expiry ends what it grants at once); today and later are not', () => {
    expect(isPastDay('2026-11-25')).toBe(true);
    expect(isPastDay('2026-11-25T23:00:00Z')).toBe(true);
    expect(isPastDay('2026-11-26')).toBe(false);
    expect(isPastDay('2026-11-27')).toBe(false);
    expect(isPastDay(null)).toBe(false);
    expect(isPastDay('')).toBe(false);
    expect(isPastDay('1999/01/01')).toBe(false);
    expect(isPastDay('on 1999-01-01')).toBe(false);
    expect(isPastDay('1 1999-01-01')).toBe(false);
    expect(isPastDay('1999-01-1')).toBe(false);
  });
});
