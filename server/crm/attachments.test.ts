import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { routeTable } from '../http/routes';
import { bearer, createTestApp, tokenFor, type DemoAccount } from '../test/harness';
import { normaliseFileName } from '../http/files';

let app: App;
const tokens = new Map<DemoAccount, string>();
beforeAll(async () => {
  app = await createTestApp();
  for (const who of ['manager', 'developer', 'owner', 'submanager', 'siteuser'] as DemoAccount[])
    tokens.set(who, await tokenFor(app, who));
});
afterAll(async () => {
  await app.close();
});
const as = (who: DemoAccount) => bearer(tokens.get(who) ?? '');
const get = (who: DemoAccount | null, url: string) =>
  app.inject({ url: `/crm/v1${url}`, headers: who ? as(who) : {} });

/** Every byte value, so a text or charset conversion anywhere would show. */
const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));

describe('subscription attachment downloads', () => {
  let borealisSub = 0;
  let deltaSub = 0;
  let pdfId = 0;
  let binId = 0;
  let deltaAttachment = 0;

  beforeAll(async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/issued-subscriptions',
      headers: as('manager'),
      payload: {
        subscriberOrgIds: [2, 4],
        offeringId: 9,
        startDate: '2025-07-01',
        seatsAllowed: 3,
        includedFeatureIds: [],
        attachments: [
          {
            fileName: 'C:\\fakepath\\Terms "v2"; <final>.pdf',
            base64: Buffer.from('%PDF-1.4 terms').toString('base64'),
          },
          { fileName: 'Båt plan.bin', base64: binary.toString('base64') },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const subs = res.json().data as Array<{ id: number; subscriberOrg: { id: number } }>;
    borealisSub = subs.find((s) => s.subscriberOrg.id === 2)?.id ?? 0;
    deltaSub = subs.find((s) => s.subscriberOrg.id === 4)?.id ?? 0;
    const detail = (await get('manager', `/orgs/1/issued-subscriptions/${borealisSub}`)).json()
      .data as { attachments: Array<{ id: number; fileName: string }> };
    pdfId = detail.attachments[0]?.id ?? 0;
    binId = detail.attachments[1]?.id ?? 0;
    const delta = (await get('manager', `/orgs/1/issued-subscriptions/${deltaSub}`)).json()
      .data as { attachments: Array<{ id: number }> };
    deltaAttachment = delta.attachments[0]?.id ?? 0;
    expect([borealisSub, deltaSub, pdfId, binId, deltaAttachment].every((n) => n > 0)).toBe(true);
  });

  it("serves the vendor's users the exact bytes as an attachment with nosniff", async () => {
    for (const who of ['manager', 'developer'] as DemoAccount[]) {
      const res = await get(
        who,
        `/orgs/1/issued-subscriptions/${borealisSub}/attachments/${binId}`,
      );
      expect(res.statusCode, who).toBe(200);
      expect(res.rawPayload.equals(binary), who).toBe(true);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="B_t_plan.bin"; filename*=UTF-8''B%C3%A5t_plan.bin`,
      );
    }
  });

  it('normalises the file name: no path, quotes or header-breaking characters', async () => {
    const res = await get(
      'manager',
      `/orgs/1/issued-subscriptions/${borealisSub}/attachments/${pdfId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('%PDF-1.4 terms');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Terms_v2_final.pdf"; filename*=UTF-8''Terms_v2_final.pdf`,
    );
    expect(normaliseFileName('../../etc/passwd')).toBe('passwd');
    expect(normaliseFileName('.hidden')).toBe('hidden');
    expect(normaliseFileName(' ')).toBe('attachment');
    expect(normaliseFileName('\u0000\r\n.pdf')).toBe('pdf');
    expect(normaliseFileName('a\r\nX-Evil: 1')).toBe('a_X-Evil_1');
    expect(normaliseFileName(`${'x'.repeat(300)}.docx`)).toBe(`${'x'.repeat(145)}.docx`);
  });

  it('serves the subscriber (sub manager) through its software subscription', async () => {
    const res = await get(
      'submanager',
      `/orgs/2/my-subscriptions/${borealisSub}/attachments/${binId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(binary)).toBe(true);
    expect(res.headers['content-disposition']).toContain('attachment;');
  });

  it('refuses everyone else', async () => {
    // No token.
    expect(
      (await get(null, `/orgs/1/issued-subscriptions/${borealisSub}/attachments/${pdfId}`))
        .statusCode,
    ).toBe(401);
    // The subscriber cannot use the vendor's route (not a member of Acme).
    expect(
      (await get('submanager', `/orgs/1/issued-subscriptions/${borealisSub}/attachments/${pdfId}`))
        .statusCode,
    ).toBe(404);
    // A subscriber member without the Software flags (site user of Borealis).
    expect(
      (await get('siteuser', `/orgs/2/my-subscriptions/${borealisSub}/attachments/${pdfId}`))
        .statusCode,
    ).toBe(403);
    // Another customer's subscription, through Borealis' own route.
    expect(
      (
        await get(
          'submanager',
          `/orgs/2/my-subscriptions/${deltaSub}/attachments/${deltaAttachment}`,
        )
      ).statusCode,
    ).toBe(404);
    // Another subscription's attachment under this subscription's id (both routes).
    expect(
      (
        await get(
          'manager',
          `/orgs/1/issued-subscriptions/${borealisSub}/attachments/${deltaAttachment}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          'submanager',
          `/orgs/2/my-subscriptions/${borealisSub}/attachments/${deltaAttachment}`,
        )
      ).statusCode,
    ).toBe(404);
    // The vendor's route is not a subscriber's: Borealis is not Acme's vendor.
    expect(
      (await get('owner', `/orgs/2/issued-subscriptions/${borealisSub}/attachments/${pdfId}`))
        .statusCode,
    ).toBe(403);
    const missing = await get(
      'manager',
      `/orgs/1/issued-subscriptions/${borealisSub}/attachments/999999`,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, data: null });
  });

  it('is in the route table as org-scoped routes, so the tenant-isolation matrix covers both', () => {
    const urls = routeTable()
      .filter((r) => r.url.includes('/attachments/:attachmentId'))
      .map((r) => `${r.method} ${r.url} ${r.access.kind}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /crm/v1/orgs/:orgId/issued-subscriptions/:id/attachments/:attachmentId org',
        'GET /crm/v1/orgs/:orgId/my-subscriptions/:id/attachments/:attachmentId org',
      ]),
    );
  });
});
