import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { ORGS, bearer, createTestApp, tokenFor } from '../test/harness';

/**
 * Subscription registrations (issue 14, item 3): what a registration may be for is checked on
 * create, on every update and again on complete: an offering whose organisation is enabled to
 * sell its type. Cobalt Blasting sells services (offering 13, 'Blast Consulting'); it is not
 * enabled for products.
 */
let app: App;
let sysadmin: Record<string, string>;
let developer: Record<string, string>;
let cobaltProduct: number;
const BLAST_CONSULTING = 13;

beforeAll(async () => {
  app = await createTestApp();
  sysadmin = bearer(await tokenFor(app, 'sysadmin'));
  developer = bearer(await tokenFor(app, 'developer'));
  // A product left from before Cobalt's product capability was taken away.
  const [row] = await app.services.db.query<{ id: number }>(
    `insert into offerings (org_id, kind, name) values ($1, 'product', 'Old Cobalt Tool') returning id`,
    [ORGS.cobalt],
  );
  cobaltProduct = row?.id ?? 0;
});
afterAll(async () => {
  await app.close();
});

const input = (offeringId: number | null, organisationName = 'Foxtrot Fill') => ({
  organisationName,
  contactFirstName: 'Fay',
  contactLastName: 'Fox',
  contactEmail: 'fay@foxtrot.example',
  offeringId,
});
const create = async (offeringId: number | null, organisationName?: string) =>
  app.inject({
    method: 'POST',
    url: '/crm/v1/subscription-registrations',
    payload: input(offeringId, organisationName),
  });
const started = async (organisationName?: string) =>
  (await create(null, organisationName)).json().data as { id: number; code: string };
const update = (
  reg: { id: number; code: string },
  offeringId: number | null,
  organisationName?: string,
) =>
  app.inject({
    method: 'POST',
    url: `/crm/v1/subscription-registrations/${reg.id}/${reg.code}`,
    payload: input(offeringId, organisationName),
  });
const complete = (reg: { id: number; code: string }) =>
  app.inject({
    method: 'POST',
    url: `/crm/v1/subscription-registrations/${reg.id}/${reg.code}/complete`,
    headers: developer,
  });
const setCobaltServices = (enabled: boolean) =>
  app.inject({
    method: 'PUT',
    url: `/crm/v1/admin/orgs/${ORGS.cobalt}`,
    headers: sysadmin,
    payload: {
      name: 'Cobalt Blasting',
      isProductOwnerEnabled: false,
      isServiceOwnerEnabled: enabled,
    },
  });
const count = async (sql: string, params: unknown[] = []) =>
  (await app.services.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
const unknownOffering = {
  offeringId: { message: 'Unknown offering', errorCode: 'invalid' },
};

describe('what a registration may be for', () => {
  it('refuses, on create and on update alike, an offering its organisation is not enabled to sell', async () => {
    const refused = await create(cobaltProduct);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(unknownOffering);

    const reg = await started();
    const res = await update(reg, cobaltProduct);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(unknownOffering);
    // Nothing changed; an unknown id reads the same.
    expect((await update(reg, 999_999)).json()).toEqual(res.json());
    const read = await app.inject({
      url: `/crm/v1/subscription-registrations/${reg.id}/${reg.code}`,
    });
    expect(read.json().data.offeringId).toBeNull();
  });

  it('refuses the issue’s path: no offering on create, another vendor’s offering on update once that vendor may not sell it, then complete', async () => {
    const reg = await started();
    expect((await setCobaltServices(false)).statusCode).toBe(200);
    try {
      const res = await update(reg, BLAST_CONSULTING);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(unknownOffering);
      const done = await complete(reg);
      // Completed without a subscription: nothing was ever registered for.
      expect(done.statusCode).toBe(200);
      expect(done.json().data.subscriptionId).toBeNull();
      expect(
        await count('select count(*)::int as n from subscriptions where subscriber_org_id = $1', [
          done.json().data.orgId,
        ]),
      ).toBe(0);
    } finally {
      await setCobaltServices(true);
    }
  });

  it('checks again on complete: a vendor that lost the right to sell since the update gets no subscription', async () => {
    const reg = await started();
    const res = await update(reg, BLAST_CONSULTING);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.offeringId).toBe(BLAST_CONSULTING);
    const orgs = await count('select count(*)::int as n from orgs');
    expect((await setCobaltServices(false)).statusCode).toBe(200);
    try {
      const done = await complete(reg);
      expect(done.statusCode).toBe(400);
      expect(done.json().errors).toEqual(unknownOffering);
      // Nothing was created, and the registration is still open to be corrected.
      expect(await count('select count(*)::int as n from orgs')).toBe(orgs);
      const read = await app.inject({
        url: `/crm/v1/subscription-registrations/${reg.id}/${reg.code}`,
      });
      expect(read.json().data.status).toBe('open');
    } finally {
      await setCobaltServices(true);
    }
  });

  it('completes with the 30-day trial of an offering its vendor sells', async () => {
    // Organisation names are unique (issue 17): the earlier tests created a Foxtrot Fill.
    const reg = await started('Golf Gravel');
    expect((await update(reg, BLAST_CONSULTING, 'Golf Gravel')).statusCode).toBe(200);
    const done = await complete(reg);
    expect(done.statusCode).toBe(200);
    const [sub] = await app.services.db.query<{ vendor_org_id: number; offering_id: number }>(
      'select vendor_org_id, offering_id from subscriptions where id = $1',
      [done.json().data.subscriptionId],
    );
    expect(sub).toEqual({ vendor_org_id: ORGS.cobalt, offering_id: BLAST_CONSULTING });
  });

  it('refuses to complete with the name of an existing organisation (409 on organisationName)', async () => {
    const first = await complete(await started('Hotel Haulage'));
    expect(first.statusCode).toBe(200);
    const reg = await started(' hotel HAULAGE ');
    const orgs = await count('select count(*)::int as n from orgs');
    const done = await complete(reg);
    expect(done.statusCode).toBe(409);
    expect(done.json().errors).toEqual({
      organisationName: {
        message: 'An organization with this name already exists',
        errorCode: 'duplicate',
      },
    });
    // Nothing was created; the registrant may change the name and complete again.
    expect(await count('select count(*)::int as n from orgs')).toBe(orgs);
    expect((await update(reg, null, 'Hotel Haulage North')).statusCode).toBe(200);
    expect((await complete(reg)).statusCode).toBe(200);
  });
});
