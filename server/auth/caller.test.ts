import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app';
import { ORGS, bearer, createTestApp, tokenFor } from '../test/harness';

/**
 * The guard reads who calls in one statement (server/auth/access.ts loadCaller): the token's
 * user, whether its grant is alive, and their standing in the path's organisation and site.
 * Round trips were most of a list request's time at scale (docs/performance.md, issue 16).
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** The statements a request runs, in order. */
async function statementsOf(who: 'siteadmin' | 'owner', url: string) {
  const headers = bearer(await tokenFor(app, who));
  const spy = vi.spyOn(app.services.db, 'query');
  try {
    const res = await app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, sql: spy.mock.calls.map(([sql]) => String(sql)) };
  } finally {
    spy.mockRestore();
  }
}
const guardReads = (sql: string[]) =>
  sql.filter((s) => /oidc_payloads|org_members m on m\.org_id|site_members sm on/.test(s));

describe('the guard', () => {
  it('reads the caller, the grant, the organisation and the site in one statement', async () => {
    const { status, sql } = await statementsOf(
      'siteadmin',
      `/data/v1/orgs/${ORGS.borealis}/sites/1`,
    );
    expect(status).toBe(200);
    const reads = guardReads(sql);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/oidc_payloads/);
    expect(reads[0]).toMatch(/site_members/);
    expect(sql[0]).toBe(reads[0]);
  });

  it('answers 404 for a site of another organisation and for an organisation the caller is not in, from that statement', async () => {
    const foreignSite = await statementsOf('siteadmin', `/data/v1/orgs/${ORGS.acme}/sites/1`);
    expect(foreignSite.status).toBe(404);
    expect(foreignSite.sql).toHaveLength(1);
    const wrongOrg = await statementsOf('owner', `/data/v1/orgs/${ORGS.borealis}/sites/5`);
    expect(wrongOrg.status).toBe(404);
    expect(wrongOrg.sql).toHaveLength(1);
  });
});
