import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { bearer, createTestApp, tokenFor, type DemoAccount } from '../test/harness';

/**
 * Issue 14 item 11: the organisation owner stays an org admin and a member, whoever writes
 * (sysadmin@example.com is an org admin of Acme; owner@example.com, user 2, its owner).
 */
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const flags = {
  isOrgAdmin: true,
  isBusinessManager: false,
  isSubManager: false,
  isDeveloper: false,
  isTechSupport: false,
};
const put = async (who: DemoAccount, body: typeof flags) =>
  app.inject({
    method: 'PUT',
    url: '/crm/v1/orgs/1/users/2',
    headers: bearer(await tokenFor(app, who)),
    payload: body,
  });
const ownerRow = async () =>
  (
    await app.services.db.query<{ is_org_owner: boolean; is_org_admin: boolean }>(
      'select is_org_owner, is_org_admin from org_members where org_id = 1 and user_id = 2',
    )
  )[0];

describe('the organisation owner', () => {
  it('keeps the org admin flag: clearing it is refused under the field, for every admin', async () => {
    for (const who of ['sysadmin', 'owner'] as const) {
      const res = await put(who, { ...flags, isOrgAdmin: false });
      expect(res.statusCode, who).toBe(400);
      expect(res.json().errors.isOrgAdmin.message).toBe(
        'The organization owner is always an org admin',
      );
    }
    expect(await ownerRow()).toEqual({ is_org_owner: true, is_org_admin: true });
  });

  it('may still be given other flags', async () => {
    const res = await put('sysadmin', { ...flags, isDeveloper: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      isOrgOwner: true,
      isOrgAdmin: true,
      isDeveloper: true,
    });
  });

  it('cannot be removed, and no invitation touches the membership', async () => {
    const token = await tokenFor(app, 'sysadmin');
    const removed = await app.inject({
      method: 'DELETE',
      url: '/crm/v1/orgs/1/users/2',
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(400);
    const invited = await app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/1/users/invite',
      headers: bearer(token),
      payload: { email: 'owner@example.com', isOrgAdmin: false },
    });
    expect(invited.statusCode).toBe(409);
    for (const path of [
      '/crm/v1/orgs/1/users/2/invitation',
      '/crm/v1/orgs/1/users/2/resend-invitation',
    ]) {
      const res = await app.inject({
        method: path.endsWith('invitation') && !path.includes('resend') ? 'DELETE' : 'POST',
        url: path,
        headers: bearer(token),
      });
      expect(res.statusCode, path).toBe(400);
    }
    expect(await ownerRow()).toEqual({ is_org_owner: true, is_org_admin: true });
  });
});
