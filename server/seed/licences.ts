import type { SqlParam } from '../db/types';
import { addDays, BASE, bulkLoad, d, insertMany, iso, type SeedContext } from './context';

/**
 * When a licence expiring on `expiry` was issued: its term (30 days to two years, from `back`)
 * before it expires, and never after the seed's day, which a licence running years ahead was
 * issued not long before. A licence is never issued after it expired.
 */
function issuedBefore(expiry: string, back: number): Date {
  const termStart = addDays(new Date(`${expiry}T00:00:00Z`), -(30 + back));
  const latest = addDays(BASE, -(back % 31));
  return termStart < latest ? termStart : latest;
}

/**
 * Licences: Borealis' own under its subscriptions (some assigned to its users), then generated
 * issued licences, each under a generated subscription.
 */
export async function seedLicences({ tx, r, n }: SeedContext, subs: SqlParam[][]) {
  const lic: SqlParam[][] = [];
  const addLic = (
    vendor: number,
    customer: number,
    sub: number | null,
    off: number,
    state: string,
    seats: number,
    expiry: string,
    user: number | null,
  ) =>
    lic.push([
      vendor,
      customer,
      sub,
      off,
      state,
      seats,
      expiry,
      user,
      issuedBefore(expiry, r.int(0, 700)),
    ]);
  for (let i = 0; i < 6; i++)
    addLic(1, 2, 1, 1, 'Active', 1, d(400), i === 0 ? 6 : i === 1 ? 7 : null);
  for (let i = 0; i < 3; i++) addLic(1, 2, 2, 2, 'Active', 1, d(400), i === 0 ? 8 : null);
  for (let i = 0; i < 4; i++) addLic(1, 2, 3, 9, i === 3 ? 'Suspended' : 'Active', 1, d(580), null);
  addLic(1, 4, 4, 3, 'Expired', 3, d(-90), null);
  addLic(3, 2, 5, 13, 'Active', 2, d(215), null);
  addLic(1, 1, null, 9, 'Active', 5, d(580), 4); // Acme's own internal licence
  const genLic = n(4000, 40);
  const generatedSubs = subs.slice(5);
  for (let i = 0; i < genLic; i++) {
    const s = r.pick(generatedSubs);
    const expiry = addDays(BASE, r.int(-400, 900));
    const state = expiry < BASE ? 'Expired' : r.bool(0.08) ? 'Suspended' : 'Active';
    addLic(
      s[1] as number,
      s[2] as number,
      s[0] as number,
      s[3] as number,
      state,
      r.int(1, 20),
      iso(expiry),
      null,
    );
  }
  await bulkLoad(tx, 'licences', () =>
    insertMany(
      tx,
      'licences',
      [
        'vendor_org_id',
        'customer_org_id',
        'subscription_id',
        'offering_id',
        'state',
        'seats',
        'expiry',
        'assigned_user_id',
        'issued_at',
      ],
      lic,
    ),
  );
}
