import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { ORGS, bearer, createTestApp, tokenFor, type DemoAccount } from '../test/harness';
import { storedBytes } from '../http/quotas';
import { makeBlst } from '../data/test-support';
import { isErrorEnvelope } from './support';

/**
 * Per-organisation quotas where data grows without bound (issue 14, item 13; defaults and env
 * names in server/config.ts, docs/security.md): file storage (blast files, subscription and
 * support attachments), support requests a day, custom data records, node libraries. Each test
 * sets its quota just above what the organisation holds (the live config object), then goes past
 * it: a 409 (stock) or 429 (rate) envelope that says which quota, and nothing stored.
 */
let app: App;
const tokens = new Map<DemoAccount, string>();
const as = async (who: DemoAccount) => {
  if (!tokens.has(who)) tokens.set(who, await tokenFor(app, who));
  return bearer(tokens.get(who) ?? '');
};
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const quotas = () => app.services.config.quotas;
const count = async (sql: string, params: unknown[] = []) =>
  (await app.services.db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
const send = async (who: DemoAccount, method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, headers: await as(who), payload });
const file = (bytes: number, fileName = 'notes.txt') => ({
  fileName,
  base64: Buffer.alloc(bytes, 65).toString('base64'),
});

describe('file storage per organisation', () => {
  it('refuses support attachments, subscription attachments and blast uploads past the quota, storing nothing', async () => {
    const db = app.services.db;
    const borealis = await storedBytes(db, ORGS.borealis);
    const acme = await storedBytes(db, ORGS.acme);
    expect(borealis).toBeGreaterThan(0); // the seeded blast files count
    const saved = quotas().storageBytesPerOrg;
    try {
      quotas().storageBytesPerOrg = Math.max(borealis, acme) + 1000;
      const before = await count(
        `select (select count(*) from support_requests) + (select count(*) from subscription_attachments)
              + (select count(*) from blasts) as n`,
      );
      const bigFor = async (orgId: number) =>
        quotas().storageBytesPerOrg - (await storedBytes(db, orgId)) + 1;

      const support = await send(
        'siteuser',
        'POST',
        `/crm/v1/orgs/${ORGS.borealis}/support-requests`,
        {
          subject: 'Logs',
          message: 'See attached',
          attachments: [file(await bigFor(ORGS.borealis))],
        },
      );
      expect(support.statusCode).toBe(409);
      expect(isErrorEnvelope(support)).toBe(true);
      expect(support.json().errors.attachments.errorCode).toBe('quota');
      expect(support.json().message).toMatch(/file storage quota of .* would be exceeded/);

      const [sub] = await db.query<{ id: number }>(
        'select id from subscriptions where vendor_org_id = 1 and not is_disabled order by id limit 1',
      );
      const attach = await send(
        'manager',
        'PUT',
        `/crm/v1/orgs/1/issued-subscriptions/${sub?.id}`,
        {
          name: 'With files',
          startDate: '2025-01-01',
          seatsAllowed: 5,
          attachments: [file(await bigFor(ORGS.acme))],
        },
      );
      expect(attach.statusCode).toBe(409);
      expect(attach.json().errors.attachments.errorCode).toBe('quota');

      const blst = makeBlst(20, 20).text;
      quotas().storageBytesPerOrg = borealis + Buffer.byteLength(blst) - 1;
      const blast = await send('siteadmin', 'POST', '/data/v1/orgs/2/sites/1/blasts', {
        file: { fileName: 'big.blst', base64: Buffer.from(blst).toString('base64') },
      });
      expect(blast.statusCode).toBe(409);
      expect(blast.json().errors.file.errorCode).toBe('quota');

      expect(
        await count(
          `select (select count(*) from support_requests) + (select count(*) from subscription_attachments)
                + (select count(*) from blasts) as n`,
        ),
      ).toBe(before);
      // Within the quota the same upload is stored.
      quotas().storageBytesPerOrg = borealis + Buffer.byteLength(blst);
      const fits = await send('siteadmin', 'POST', '/data/v1/orgs/2/sites/1/blasts', {
        file: { fileName: 'big.blst', base64: Buffer.from(blst).toString('base64') },
      });
      expect(fits.statusCode).toBe(200);
    } finally {
      quotas().storageBytesPerOrg = saved;
    }
  });
});

describe('support requests per organisation and day', () => {
  it('answers 429 with Retry-After past the daily quota, and stores nothing', async () => {
    const saved = quotas().supportRequestsPerDay;
    const sent = () =>
      count(
        `select count(*)::int as n from support_requests where org_id = $1 and created_at > now() - interval '1 day'`,
        [ORGS.borealis],
      );
    try {
      quotas().supportRequestsPerDay = (await sent()) + 1;
      const request = { subject: 'Help', message: 'Please help' };
      const url = `/crm/v1/orgs/${ORGS.borealis}/support-requests`;
      expect((await send('siteuser', 'POST', url, request)).statusCode).toBe(200);
      const before = await sent();
      const res = await send('submanager', 'POST', url, request);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().message).toMatch(/support requests in the last 24 hours, its daily quota/);
      expect(await sent()).toBe(before);
      // Another organisation has its own quota.
      quotas().supportRequestsPerDay = 1_000;
      expect(
        (await send('owner', 'POST', `/crm/v1/orgs/${ORGS.acme}/support-requests`, request))
          .statusCode,
      ).toBe(200);
    } finally {
      quotas().supportRequestsPerDay = saved;
    }
  });
});

describe('records per organisation', () => {
  const record = { name: 'Flag', executionPriority: 1, data: '{}' };

  it.each([
    [
      'an organization',
      'owner',
      '/crm/v1/orgs/1/custom-data',
      'select count(*)::int as n from org_custom_data where org_id = 1',
    ],
    [
      'an offering',
      'manager',
      '/crm/v1/orgs/1/offerings/1/custom-data',
      'select count(*)::int as n from offering_custom_data where offering_id = 1',
    ],
  ] as const)('refuses custom data records of %s past the quota', async (_, who, url, countSql) => {
    const saved = quotas().customDataRecords;
    try {
      quotas().customDataRecords = (await count(countSql)) + 1;
      expect((await send(who, 'POST', url, record)).statusCode).toBe(200);
      const res = await send(who, 'POST', url, record);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.name).toEqual({
        message: `The limit of ${quotas().customDataRecords} custom data records is reached. Delete one first.`,
        errorCode: 'quota',
      });
      expect(await count(countSql)).toBe(quotas().customDataRecords);
    } finally {
      quotas().customDataRecords = saved;
    }
  });

  it('refuses node libraries past the organisation’s quota, its sites’ libraries included', async () => {
    const saved = quotas().nodeLibrariesPerOrg;
    const libraries = () =>
      count('select count(*)::int as n from node_libraries where org_id = $1', [ORGS.borealis]);
    try {
      quotas().nodeLibrariesPerOrg = (await libraries()) + 1;
      const library = { name: 'Quota probe', version: '1.0.0' };
      expect(
        (await send('siteadmin', 'POST', '/data/v1/orgs/2/sites/1/node-libraries', library))
          .statusCode,
      ).toBe(200);
      const res = await send('sysadmin', 'POST', '/data/v1/orgs/2/node-libraries', library);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.name.errorCode).toBe('quota');
      expect(await libraries()).toBe(quotas().nodeLibrariesPerOrg);
    } finally {
      quotas().nodeLibrariesPerOrg = saved;
    }
  });
});
