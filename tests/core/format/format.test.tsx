import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ExpiredDate,
  formatDate,
  formatDateTime,
  formatFigure,
  formatFileSize,
  formatSeats,
  formatTimeDifference,
  formatUser,
  formatUserName,
  isPastOrNow,
  isWideTooltip,
  parseYmd,
  pluralise,
  SEATS_USED_ALLOWED,
  toDate,
  truncate,
} from '@/core/format';

describe('formatUserName (SPEC §3, issue 17: the name beside an Email column)', () => {
  it('is the name part of the user display, or the pending text', () => {
    expect(formatUserName({ firstName: 'Ada', lastName: 'King', email: 'ada@example.com' })).toBe(
      'Ada King',
    );
    expect(formatUserName({ firstName: null, lastName: null, email: 'x@example.com' })).toBe(
      'Pending user activation',
    );
    expect(formatUserName({ firstName: ' Ada ', lastName: null, email: null })).toBe('Ada');
    expect(formatUserName(null)).toBe('');
  });
});

describe('formatUser (SPEC §3)', () => {
  it("shows 'First Last <email>' with the email in lower case", () => {
    expect(formatUser({ firstName: 'Ada', lastName: 'King', email: 'Ada.King@Example.COM' })).toBe(
      'Ada King <ada.king@example.com>',
    );
    expect(formatUser({ firstName: 'Ada', lastName: null, email: null })).toBe('Ada');
  });

  it("shows 'Pending user activation' with no first name but an email", () => {
    expect(formatUser({ firstName: '', lastName: 'King', email: 'x@example.com' })).toBe(
      'Pending user activation',
    );
    expect(formatUser(null)).toBe('');
  });
});

describe('dates (SPEC §4, §5)', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0).getTime();

  it('counts a date past or equal to now as expired', () => {
    expect(isPastOrNow(now, now)).toBe(true);
    expect(isPastOrNow(now - 1, now)).toBe(true);
    expect(isPastOrNow(now + 1, now)).toBe(false);
    expect(isPastOrNow(null, now)).toBe(false);
    expect(isPastOrNow('not a date', now)).toBe(false);
  });

  it('<ExpiredDate> shows a past date in red and says so to screen readers', () => {
    const { container } = render(
      <>
        <ExpiredDate value={new Date(2024, 0, 2)} now={now} />
        <ExpiredDate value={new Date(2025, 0, 2)} now={now} />
      </>,
    );
    const [past, future] = Array.from(container.children);
    expect(past).toHaveClass('text-danger');
    expect(past).toHaveTextContent('2024/01/02 (expired)');
    expect(future).not.toHaveClass('text-danger');
    expect(screen.getByText('2025/01/02')).toBeInTheDocument();
  });

  it('formats as YYYY/MM/DD (and HH:mm) in local time', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('2024/01/05');
    expect(formatDateTime(new Date(2024, 0, 5, 9, 7))).toBe('2024/01/05 09:07');
    expect(formatDate('')).toBe('');
  });

  it('parses YYYY/MM/DD into local midnight and refuses what is not a calendar date', () => {
    expect(parseYmd('2024/02/29')?.getTime()).toBe(new Date(2024, 1, 29).getTime());
    expect(parseYmd('2024/2/3')?.getTime()).toBe(new Date(2024, 1, 3).getTime());
    expect(parseYmd('2023/02/29')).toBeNull();
    expect(parseYmd('2024-02-01')).toBeNull();
    expect(parseYmd('24/02/01')).toBeNull();
  });

  describe('a calendar day (YYYY-MM-DD, the CRM dates) is that day wherever the browser is', () => {
    const zone = process.env['TZ'];
    afterEach(() => {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    });

    it('shows the same day west of UTC (not the day before)', () => {
      process.env['TZ'] = 'America/New_York';
      expect(formatDate('2029-02-15')).toBe('2029/02/15');
      expect(toDate('2029-02-15')?.getTime()).toBe(new Date(2029, 1, 15).getTime());
      // A timestamp keeps its instant.
      expect(formatDateTime('2029-02-15T12:00:00Z')).toBe('2029/02/15 07:00');
    });

    it('is red from the first minute of that day east of UTC (a licence expiring today)', () => {
      process.env['TZ'] = 'Australia/Sydney';
      const justAfterMidnight = new Date(2029, 1, 15, 0, 30).getTime();
      expect(isPastOrNow('2029-02-15', justAfterMidnight)).toBe(true);
      expect(isPastOrNow('2029-02-16', justAfterMidnight)).toBe(false);
      const { container } = render(<ExpiredDate value="2029-02-15" now={justAfterMidnight} />);
      expect(container.firstChild).toHaveClass('text-danger');
      expect(container.firstChild).toHaveTextContent('2029/02/15 (expired)');
    });
  });

  it('words a time difference', () => {
    expect(formatTimeDifference(now - 3 * 86_400_000, now)).toBe('3 days ago');
    expect(formatTimeDifference(now + 2 * 3_600_000, now)).toBe('in 2 hours');
  });
});

describe('seats (issue 17)', () => {
  it("read 'used / allowed' under one heading", () => {
    expect(formatSeats(3, 10)).toBe('3 / 10');
    expect(formatSeats(0, 1)).toBe('0 / 1');
    expect(formatSeats(1200, 5000)).toBe('1,200 / 5,000');
    expect(SEATS_USED_ALLOWED).toBe('Seats used / allowed');
  });
});

describe('counts and figures: grouped in thousands, as a million licences are read', () => {
  it('groups the digits of every count a user reads', () => {
    expect(formatFigure(0)).toBe('0');
    expect(formatFigure(999)).toBe('999');
    expect(formatFigure(1000)).toBe('1,000');
    expect(formatFigure(1_000_347)).toBe('1,000,347');
    expect(formatFigure(60886.1, 1)).toBe('60,886.1');
    expect(formatFigure(2.5)).toBe('3');
  });
  it('pluralises with the grouped count, singular for one', () => {
    expect(pluralise(1, 'record')).toBe('1 record');
    expect(pluralise(0, 'record')).toBe('0 records');
    expect(pluralise(1_000_347, 'record')).toBe('1,000,347 records');
    expect(pluralise(2, 'match', 'matches')).toBe('2 matches');
  });
});

describe('formatFileSize (SPEC §9)', () => {
  it('uses base 1024 from B to YB with at most 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(131072)).toBe('128 KB');
    expect(formatFileSize(20971520)).toBe('20 MB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(1024 ** 8)).toBe('1 YB');
    expect(formatFileSize(1024 ** 9)).toBe('1024 YB');
    expect(formatFileSize(-1)).toBe('');
  });
});

describe('truncate and tooltips (SPEC §9)', () => {
  it('cuts text over 75 characters with an ellipsis', () => {
    expect(truncate('a'.repeat(75))).toBe('a'.repeat(75));
    expect(truncate('a'.repeat(76))).toBe(`${'a'.repeat(75)}…`);
    expect(truncate(null)).toBe('');
  });

  it('uses the wide tooltip over 200 characters', () => {
    expect(isWideTooltip('x'.repeat(200))).toBe(false);
    expect(isWideTooltip('x'.repeat(201))).toBe(true);
  });
});
