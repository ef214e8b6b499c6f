import { expect, it } from 'vitest';
import { useTestApp } from '../test/use-app';
import { addIssuedLicences } from './scale';

/**
 * The demo's issued licences read as a vendor's would: none issued after it expired or after
 * today, in the demo seed and in the licences DEMO_SCALE and the benchmark add.
 */
const app = useTestApp();

/** Licences after `afterId` issued on or after their expiry, or in the future: the first five. */
const impossible = (afterId = 0) =>
  app().services.db.query<{ id: number; issued_at: string; expiry: string }>(
    `select id, issued_at::text, expiry::text from licences
      where id > $1 and (issued_at >= expiry or issued_at > now()) order by id limit 5`,
    [afterId],
  );

it('issues every demo licence before it expires, and none after today', async () => {
  expect(await impossible()).toEqual([]);
});

it('issues every generated licence before it expires, and none after today', async () => {
  const [before] = await app().services.db.query<{ last: number }>(
    'select max(id)::int as last from licences',
  );
  await addIssuedLicences(app().services.db, { licences: 3000, customers: 20, subscriptions: 100 });
  const [added] = await app().services.db.query<{ n: number; days: number }>(
    `select count(*)::int as n, count(distinct issued_at::date)::int as days from licences
      where id > $1`,
    [before?.last],
  );
  expect(added?.n).toBe(3000);
  // Spread over the past two years, not piled up on one day.
  expect(added?.days).toBeGreaterThan(300);
  expect(await impossible(before?.last)).toEqual([]);
});
