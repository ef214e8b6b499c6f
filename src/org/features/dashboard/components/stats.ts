import type { Licence } from '@/contract/crm/licences';
import type { Subscription } from '@/contract/crm/subscriptions';
import { calendarDay } from '@/core/format';

/** How far ahead the dashboard looks for expiries. */
export const EXPIRY_WINDOW_DAYS = 90;

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** Not disabled, started, and not yet ended. */
export function isActiveSubscription(sub: Subscription, today: string): boolean {
  return (
    !sub.isDisabled && sub.startDate <= today && (sub.endDate === null || sub.endDate >= today)
  );
}

export interface Expiry {
  kind: 'Subscription' | 'Licence';
  id: number;
  name: string;
  /** The vendor. */
  from: string;
  date: string;
  /** Where it can be seen in the portal (null: no page the user may open). */
  href: string | null;
}

/** Active subscriptions and licences ending within the window, soonest first. */
export function upcomingExpiries(
  subscriptions: readonly Subscription[],
  licences: readonly Licence[],
  now: Date,
  links: { subscription: (id: number) => string | null; licence: string | null },
): Expiry[] {
  const today = calendarDay(now);
  const until = calendarDay(addDays(now, EXPIRY_WINDOW_DAYS));
  const within = (d: string | null): d is string => d !== null && d >= today && d <= until;
  const list: Expiry[] = [
    ...subscriptions
      .filter((s) => isActiveSubscription(s, today) && within(s.endDate))
      .map((s) => ({
        kind: 'Subscription' as const,
        id: s.id,
        name: s.name,
        from: s.vendorOrg.name,
        date: s.endDate ?? '',
        href: links.subscription(s.id),
      })),
    ...licences
      .filter((l) => l.state.name === 'Active' && within(l.expiry))
      .map((l) => ({
        kind: 'Licence' as const,
        id: l.id,
        name: l.subscription ? `${l.product.name} (${l.subscription.name})` : l.product.name,
        from: l.vendorOrg.name,
        date: l.expiry ?? '',
        href: links.licence,
      })),
  ];
  return list.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

export interface ChartDatum {
  label: string;
  value: number;
}

/** Licences by state, in a fixed order so that the chart reads the same every day. */
export function licencesByState(licences: readonly Licence[]): ChartDatum[] {
  return (['Active', 'Suspended', 'Expired'] as const).map((state) => ({
    label: state,
    value: licences.filter((l) => l.state.name === state).length,
  }));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Expiries per calendar month from this month to the end of the window (4 months). */
export function expiriesByMonth(expiries: readonly Expiry[], now: Date): ChartDatum[] {
  const months: ChartDatum[] = [];
  for (let i = 0; i < 4; i++) {
    const month = new Date(now.getFullYear(), now.getMonth() + i, 1);
    const prefix = calendarDay(month).slice(0, 7);
    months.push({
      label: `${MONTHS[month.getMonth()] ?? ''} ${month.getFullYear()}`,
      value: expiries.filter((e) => e.date.startsWith(prefix)).length,
    });
  }
  return months;
}

/** A licence the vendor issued that ends within the window: a renewal to arrange. */
export interface Renewal {
  id: number;
  customer: string;
  product: string;
  seats: number;
  date: string;
}

/** The vendor's active issued licences expiring within the window, soonest first. */
export function renewalsDue(issued: readonly Licence[], now: Date): Renewal[] {
  const today = calendarDay(now);
  const until = calendarDay(addDays(now, EXPIRY_WINDOW_DAYS));
  return issued
    .filter(
      (l) =>
        l.state.name === 'Active' && l.expiry !== null && l.expiry >= today && l.expiry <= until,
    )
    .map((l) => ({
      id: l.id,
      customer: l.customerOrg.name,
      product: l.product.name,
      seats: l.seats,
      date: l.expiry ?? '',
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.customer.localeCompare(b.customer));
}
