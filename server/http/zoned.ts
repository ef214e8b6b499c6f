/**
 * Calendar days in a time zone, for date filters on instants (docs/lists.md): the filter row
 * gives days (YYYY-MM-DD) as the user reads them, in the user's time zone; the database holds
 * instants. Computed here with Intl (the same tz database for PGlite and PostgreSQL).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

const utc = (year: number, month: number, day: number, h = 0, m = 0, s = 0) => {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(h, m, s, 0);
  return d.getTime();
};

/** The zone's offset at an instant: its wall clock minus UTC, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  let bc = false;
  for (const p of format(timeZone).formatToParts(new Date(instant))) {
    if (p.type === 'era') bc = p.value === 'BC';
    else if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const year = bc ? 1 - (parts.year ?? 0) : (parts.year ?? 0);
  const wall = utc(year, parts.month ?? 1, parts.day ?? 1, parts.hour, parts.minute, parts.second);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant a calendar day (YYYY-MM-DD) begins in a time zone. Two passes, so a day after a
 * daylight-saving change gets that day's own offset; a midnight that does not exist (a spring
 * forward at 00:00) gives the first instant of the day.
 */
export function dayStart(ymd: string, timeZone: string): Date {
  const [y = 1970, m = 1, d = 1] = ymd.split('-').map(Number);
  const wall = utc(y, m, d);
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The calendar day after a YYYY-MM-DD day. */
export function nextDay(ymd: string): string {
  const [y = 1970, m = 1, d = 1] = ymd.split('-').map(Number);
  const next = new Date(utc(y, m, d) + 86_400_000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}
