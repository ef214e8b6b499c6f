import { describe, expect, it } from 'vitest';
import { userMetadataSchema } from '@/contract/metadata';
import { crmTestApp } from './test-support';

/** The caller's organisations with their permissions (GetUserMetadata), and avatars. */
const crm = crmTestApp();
const { get, send } = crm;

describe('GET Orgs/GetUserMetadata', () => {
  it('answers the owner with Acme (owner, admin) and Borealis (sub manager) exactly per the contract', async () => {
    const res = await get('owner', '/Orgs/GetUserMetadata');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const meta = userMetadataSchema.parse(body.data);
    expect(meta.orgsAndPermissions.map((e) => e.org.name)).toEqual([
      'Acme Mining',
      'Borealis Quarries',
    ]);
    const [acme, borealis] = meta.orgsAndPermissions;
    expect(acme?.org.permissions).toMatchObject({
      isOrgOwner: true,
      isOrgAdmin: true,
      isProductOwnerEnabled: true,
      isServiceOwnerEnabled: true,
    });
    expect(acme?.permissions).toMatchObject({
      isSysadmin: false,
      isOrgOwner: true,
      isOrgAdmin: true,
    });
    expect(acme?.org.avatar_Base64).toMatch(/^data:image\/png;base64,/);
    expect(borealis?.permissions.isSubManager).toBe(true);
    // A sub manager sees every site of the org.
    expect(borealis?.org.sites.map((s) => s.name)).toEqual([
      'North Pit',
      'South Pit',
      'East Quarry',
      'Granite Ridge',
    ]);
    expect(borealis?.org.sites[0]).toMatchObject({
      subscriptionId: 3,
      subscriptionSubscriberOrgId: 2,
    });
  });

  it('leaves avatars out with includeOrgAvatars=false and rejects other values', async () => {
    const res = await get('owner', '/Orgs/GetUserMetadata?includeOrgAvatars=false');
    expect(res.json().data.orgsAndPermissions[0].org.avatar_Base64).toBeNull();
    const bad = await get('owner', '/Orgs/GetUserMetadata?includeOrgAvatars=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.includeOrgAvatars.errorCode).toBe('invalid');
  });

  it('gives site admins and site users only their sites, with site permissions', async () => {
    const admin = (await get('siteadmin', '/Orgs/GetUserMetadata')).json().data.orgsAndPermissions;
    expect(admin).toHaveLength(1);
    expect(admin[0].org.sites.map((s: { id: number }) => s.id)).toEqual([1, 2]);
    expect(admin[0].org.sites[0].permissions).toEqual({ isSiteAdmin: true, isSiteUser: false });
    expect(admin[0].permissions.isSiteAdmin).toBe(true);
    const user = (await get('siteuser', '/Orgs/GetUserMetadata')).json().data.orgsAndPermissions;
    expect(user[0].org.sites).toHaveLength(1);
    expect(user[0].org.sites[0].permissions).toEqual({ isSiteAdmin: false, isSiteUser: true });
  });

  it('marks the sysadmin isSysadmin in every entry; keeps malformed customData as stored', async () => {
    const meta = (await get('sysadmin', '/Orgs/GetUserMetadata')).json().data;
    expect(meta.orgsAndPermissions[0].permissions.isSysadmin).toBe(true);
    const [delta] = await crm.app.services.db.query<{ custom_data: string }>(
      'select custom_data from orgs where id = 4',
    );
    expect(() => JSON.parse(delta?.custom_data ?? '')).toThrow();
  });
});

describe('avatars', () => {
  it('answers the default avatar and avatars by GET query and POST body', async () => {
    expect((await get('developer', '/users/getdefaultavatar')).json().data).toMatch(
      /^data:image\/png;base64,/,
    );
    const q = (await get('developer', '/users/getavatars?userIds=2&userIds=3')).json().data;
    expect(q).toEqual(
      expect.arrayContaining([
        { userId: 3, avatar_Base64: null },
        expect.objectContaining({ userId: 2 }),
      ]),
    );
    const p = (await send('developer', 'POST', '/users/getavatars', { userIds: [6] })).json().data;
    expect(p[0].avatar_Base64).toMatch(/^data:image/);
    const bad = await send('developer', 'POST', '/users/getavatars', { userIds: ['x'] });
    expect(bad.statusCode).toBe(400);
  });
});
