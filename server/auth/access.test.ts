import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import {
  can,
  loadCaller,
  loadOrgAccess,
  loadSiteAccess,
  type CallerUser,
  type OrgAccess,
} from './access';

/**
 * Who may do what where (server/auth/access.ts): the caller's standing in an organisation and a
 * site, read from the database, and the permission table's check over it (SPEC §6). On an empty
 * migrated PGlite with memberships made for each case; guards.test.ts checks every route with
 * the demo accounts.
 */
let db: Db;
const U = {
  member: 1,
  admin: 2,
  sysadmin: 3,
  outsider: 4,
  invited: 5,
  pending: 6,
  submanager: 7,
  sysmember: 8,
};
const ORG = { sells: 1, other: 2 };
const SITE = { a: 11, b: 12, foreign: 13 };
const GRANT = { alive: 'g-alive', forever: 'g-forever', expired: 'g-expired', code: 'g-code' };

beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  await db.exec(`
    insert into users (id, email, first_name, last_name, is_sysadmin, status) values
      (1, 'member@test', 'Mem', 'Ber', false, 'active'),
      (2, 'admin@test', null, 'Admin', false, 'active'),
      (3, 'sys@test', 'Sys', null, true, 'active'),
      (4, 'out@test', 'Out', 'Sider', false, 'active'),
      (5, 'invited@test', 'In', 'Vited', false, 'active'),
      (6, 'pending@test', 'Pen', 'Ding', false, 'pending'),
      (7, 'sub@test', 'Sub', 'Manager', false, 'active'),
      (8, 'sysmember@test', 'Sys', 'Member', true, 'active');
    insert into orgs (id, name, is_product_owner_enabled, is_service_owner_enabled) values
      (1, 'Sells Things', true, false),
      (2, 'Other Org', false, true);
    insert into org_members (org_id, user_id, is_org_owner, is_org_admin, is_developer,
                             is_business_manager, is_sub_manager, is_tech_support, status) values
      (1, 1, true, false, true, false, false, true, 'active'),
      (1, 2, false, true, false, true, false, false, 'active'),
      (1, 5, true, true, true, true, true, true, 'invited'),
      (1, 7, false, false, false, false, true, false, 'active'),
      (1, 8, false, false, false, false, false, false, 'active'),
      (2, 1, false, false, false, false, false, false, 'active');
    insert into sites (id, org_id, name) values
      (11, 1, 'Site A'), (12, 1, 'Site B'), (13, 2, 'Foreign Site');
    insert into site_members (site_id, user_id, is_site_admin, is_site_user) values
      (11, 1, true, false), (12, 1, false, true), (13, 1, true, true), (12, 4, true, true);
    insert into oidc_payloads (model, id, payload, expires_at) values
      ('Grant', 'g-alive', '{}', now() + interval '1 hour'),
      ('Grant', 'g-forever', '{}', null),
      ('Grant', 'g-expired', '{}', now() - interval '1 second'),
      ('AuthorizationCode', 'g-code', '{}', now() + interval '1 hour');
  `);
});
afterAll(async () => {
  await db.close();
});

const user = (id: number, isSysadmin = false): CallerUser => ({
  id,
  email: `${id}@test`,
  firstName: null,
  lastName: null,
  isSysadmin,
});
const ALL_FALSE = {
  isSysadmin: false,
  isOrgOwner: false,
  isOrgAdmin: false,
  isDeveloper: false,
  isBusinessManager: false,
  isSubManager: false,
  isTechSupport: false,
  isSiteAdmin: false,
  isSiteUser: false,
};
const orgOf = async (id: number, orgId: number, sys = false) => {
  const org = await loadOrgAccess(db, user(id, sys), orgId);
  if (!org) throw new Error(`no access of ${id} to ${orgId}`);
  return org;
};

describe("the caller's standing in an organisation", () => {
  it('is a member’s own flags and the organisation’s capabilities', async () => {
    expect(await loadOrgAccess(db, user(U.member), ORG.sells)).toStrictEqual({
      id: ORG.sells,
      name: 'Sells Things',
      isMember: true,
      userPermissions: {
        ...ALL_FALSE,
        isOrgOwner: true,
        isDeveloper: true,
        isTechSupport: true,
      },
      orgPermissions: {
        isOrgOwner: true,
        isOrgAdmin: false,
        isDeveloper: true,
        isBusinessManager: false,
        isSubManager: false,
        isProductOwnerEnabled: true,
        isServiceOwnerEnabled: false,
      },
    });
    expect(await loadOrgAccess(db, user(U.admin), ORG.sells)).toStrictEqual({
      id: ORG.sells,
      name: 'Sells Things',
      isMember: true,
      userPermissions: { ...ALL_FALSE, isOrgAdmin: true, isBusinessManager: true },
      orgPermissions: {
        isOrgOwner: false,
        isOrgAdmin: true,
        isDeveloper: false,
        isBusinessManager: true,
        isSubManager: false,
        isProductOwnerEnabled: true,
        isServiceOwnerEnabled: false,
      },
    });
    const sub = await orgOf(U.submanager, ORG.sells);
    expect(sub.userPermissions).toStrictEqual({ ...ALL_FALSE, isSubManager: true });
    expect(sub.orgPermissions.isSubManager).toBe(true);
  });

  it('is a member without flags in another organisation, with its capabilities', async () => {
    expect(await loadOrgAccess(db, user(U.member), ORG.other)).toStrictEqual({
      id: ORG.other,
      name: 'Other Org',
      isMember: true,
      userPermissions: ALL_FALSE,
      orgPermissions: {
        isOrgOwner: false,
        isOrgAdmin: false,
        isDeveloper: false,
        isBusinessManager: false,
        isSubManager: false,
        isProductOwnerEnabled: false,
        isServiceOwnerEnabled: true,
      },
    });
  });

  it('gives a sysadmin every user flag in any organisation, as a member or not', async () => {
    const everything = {
      isSysadmin: true,
      isOrgOwner: true,
      isOrgAdmin: true,
      isDeveloper: true,
      isBusinessManager: true,
      isSubManager: true,
      isTechSupport: true,
      isSiteAdmin: false,
      isSiteUser: false,
    };
    const foreign = await orgOf(U.sysadmin, ORG.other, true);
    expect(foreign).toMatchObject({ id: ORG.other, name: 'Other Org', isMember: false });
    expect(foreign.userPermissions).toStrictEqual(everything);
    expect(foreign.orgPermissions).toStrictEqual({
      isOrgOwner: true,
      isOrgAdmin: true,
      isDeveloper: true,
      isBusinessManager: true,
      isSubManager: true,
      isProductOwnerEnabled: false,
      isServiceOwnerEnabled: true,
    });
    const own = await orgOf(U.sysmember, ORG.sells, true);
    expect(own.isMember).toBe(true);
    expect(own.userPermissions).toStrictEqual(everything);
  });

  it('is none for an organisation the caller is not an active member of, or that does not exist', async () => {
    expect(await loadOrgAccess(db, user(U.outsider), ORG.sells)).toBeNull();
    expect(await loadOrgAccess(db, user(U.invited), ORG.sells)).toBeNull();
    expect(await loadOrgAccess(db, user(U.admin), ORG.other)).toBeNull();
    expect(await loadOrgAccess(db, user(U.member), 999)).toBeNull();
    expect(await loadOrgAccess(db, user(U.sysadmin, true), 999)).toBeNull();
  });

  it('is none for an id that is no positive integer, without asking the database', async () => {
    const spy = vi.spyOn(db, 'query');
    try {
      for (const id of [0, -1, 1.5, Number.NaN, 2 ** 53, Number.POSITIVE_INFINITY]) {
        expect(await loadOrgAccess(db, user(U.sysadmin, true), id), String(id)).toBeNull();
      }
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe("the caller's standing in a site", () => {
  it('is their own site flags in a site of the organisation', async () => {
    const org = await orgOf(U.member, ORG.sells);
    expect(await loadSiteAccess(db, user(U.member), org, SITE.a)).toStrictEqual({
      id: SITE.a,
      name: 'Site A',
      permissions: { isSiteAdmin: true, isSiteUser: false },
    });
    expect(await loadSiteAccess(db, user(U.member), org, SITE.b)).toStrictEqual({
      id: SITE.b,
      name: 'Site B',
      permissions: { isSiteAdmin: false, isSiteUser: true },
    });
  });

  it('lets org admins, sub managers and sysadmins see every site of the organisation', async () => {
    for (const [id, sys] of [
      [U.admin, false],
      [U.submanager, false],
      [U.sysmember, true],
    ] as const) {
      const org = await orgOf(id, ORG.sells, sys);
      expect(await loadSiteAccess(db, user(id, sys), org, SITE.a), String(id)).toStrictEqual({
        id: SITE.a,
        name: 'Site A',
        permissions: { isSiteAdmin: false, isSiteUser: false },
      });
    }
    const foreign = await orgOf(U.sysadmin, ORG.other, true);
    expect(await loadSiteAccess(db, user(U.sysadmin, true), foreign, SITE.foreign)).toMatchObject({
      id: SITE.foreign,
      name: 'Foreign Site',
    });
  });

  it('lets a sysadmin see every site whatever their flags in the organisation', async () => {
    const org = await orgOf(U.sysmember, ORG.sells, true);
    const flagless: OrgAccess = {
      ...org,
      userPermissions: { ...ALL_FALSE, isSysadmin: true },
      orgPermissions: { ...org.orgPermissions, isOrgAdmin: false, isSubManager: false },
    };
    expect(await loadSiteAccess(db, user(U.sysmember, true), flagless, SITE.b)).toMatchObject({
      id: SITE.b,
      permissions: { isSiteAdmin: false, isSiteUser: false },
    });
    // The same flags without being a sysadmin: not a site of theirs.
    expect(await loadSiteAccess(db, user(U.sysmember), flagless, SITE.b)).toBeNull();
  });

  it('is none for a site the caller may not see', async () => {
    const owner = await orgOf(U.member, ORG.other);
    // A member of the site, not an admin of the organisation: sees it.
    expect(await loadSiteAccess(db, user(U.member), owner, SITE.foreign)).not.toBeNull();
    // The owner, developer and tech support of Sells Things sees only their own sites.
    const member = await orgOf(U.member, ORG.sells);
    await db.query('delete from site_members where site_id = $1 and user_id = $2', [
      SITE.b,
      U.member,
    ]);
    try {
      expect(await loadSiteAccess(db, user(U.member), member, SITE.b)).toBeNull();
    } finally {
      await db.query(
        'insert into site_members (site_id, user_id, is_site_admin, is_site_user) values ($1, $2, false, true)',
        [SITE.b, U.member],
      );
    }
  });

  it('is none for a site of another organisation or no site, even for a sysadmin', async () => {
    const sys = await orgOf(U.sysmember, ORG.sells, true);
    expect(await loadSiteAccess(db, user(U.sysmember, true), sys, SITE.foreign)).toBeNull();
    expect(await loadSiteAccess(db, user(U.sysmember, true), sys, 999)).toBeNull();
    const member = await orgOf(U.member, ORG.sells);
    expect(await loadSiteAccess(db, user(U.member), member, SITE.foreign)).toBeNull();
  });

  it('is none for an id that is no positive integer, without asking the database', async () => {
    const org = await orgOf(U.sysmember, ORG.sells, true);
    const spy = vi.spyOn(db, 'query');
    try {
      for (const id of [0, -11, 11.5, 2 ** 53]) {
        expect(await loadSiteAccess(db, user(U.sysmember, true), org, id), String(id)).toBeNull();
      }
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the caller of a request', () => {
  const claims = (userId: number, grantId = GRANT.alive) => ({ userId, grantId });

  it('is the token’s active user, with whether its grant is alive', async () => {
    expect(await loadCaller(db, claims(U.member), {})).toStrictEqual({
      user: {
        id: U.member,
        email: 'member@test',
        firstName: 'Mem',
        lastName: 'Ber',
        isSysadmin: false,
      },
      grantAlive: true,
      org: null,
      site: null,
    });
    expect((await loadCaller(db, claims(U.sysadmin), {}))?.user).toStrictEqual({
      id: U.sysadmin,
      email: 'sys@test',
      firstName: 'Sys',
      lastName: null,
      isSysadmin: true,
    });
    expect((await loadCaller(db, claims(U.admin, GRANT.forever), {}))?.grantAlive).toBe(true);
    for (const grant of [GRANT.expired, GRANT.code, 'no-such-grant']) {
      const caller = await loadCaller(db, claims(U.admin, grant), {});
      expect(caller?.grantAlive, grant).toBe(false);
      expect(caller?.user.email, grant).toBe('admin@test');
    }
  });

  it('is no one for an unknown or a pending user', async () => {
    expect(await loadCaller(db, claims(999), {})).toBeUndefined();
    expect(await loadCaller(db, claims(U.pending), { orgId: ORG.sells })).toBeUndefined();
  });

  it('carries the standing in the organisation and site of the path', async () => {
    const caller = await loadCaller(db, claims(U.member), { orgId: ORG.sells, siteId: SITE.a });
    expect(caller?.org).toStrictEqual(await loadOrgAccess(db, user(U.member), ORG.sells));
    expect(caller?.org?.name).toBe('Sells Things');
    expect(caller?.site).toStrictEqual({
      id: SITE.a,
      name: 'Site A',
      permissions: { isSiteAdmin: true, isSiteUser: false },
    });
    const orgOnly = await loadCaller(db, claims(U.admin), { orgId: ORG.sells });
    expect(orgOnly?.org?.userPermissions.isOrgAdmin).toBe(true);
    expect(orgOnly?.site).toBeNull();
    const sys = await loadCaller(db, claims(U.sysadmin), {
      orgId: ORG.other,
      siteId: SITE.foreign,
    });
    expect(sys?.org).toMatchObject({ id: ORG.other, isMember: false });
    expect(sys?.site).toMatchObject({ id: SITE.foreign, name: 'Foreign Site' });
  });

  it('has no standing where the caller is no member, nor in a site of another organisation', async () => {
    const outsider = await loadCaller(db, claims(U.outsider), { orgId: ORG.sells, siteId: SITE.b });
    expect(outsider?.user.id).toBe(U.outsider);
    expect(outsider?.org).toBeNull();
    // A member of the site, but not of its organisation: nothing.
    expect(outsider?.site).toBeNull();
    const foreignSite = await loadCaller(db, claims(U.member), {
      orgId: ORG.sells,
      siteId: SITE.foreign,
    });
    expect(foreignSite?.org?.id).toBe(ORG.sells);
    expect(foreignSite?.site).toBeNull();
    const noSite = await loadCaller(db, claims(U.member), { orgId: ORG.sells, siteId: 999 });
    expect(noSite?.site).toBeNull();
    // A site without its organisation.
    const siteOnly = await loadCaller(db, claims(U.member), { siteId: SITE.a });
    expect(siteOnly?.org).toBeNull();
    expect(siteOnly?.site).toBeNull();
  });

  it('has no standing for ids that are no positive integers, and still answers the user', async () => {
    for (const where of [
      { orgId: 0, siteId: SITE.a },
      { orgId: -1 },
      { orgId: 1.5 },
      { orgId: 2 ** 53, siteId: 2 ** 53 },
    ]) {
      const caller = await loadCaller(db, claims(U.member), where);
      expect(caller?.user.id, JSON.stringify(where)).toBe(U.member);
      expect(caller?.org, JSON.stringify(where)).toBeNull();
      expect(caller?.site, JSON.stringify(where)).toBeNull();
    }
    for (const siteId of [0, -11, 11.5, 2 ** 53]) {
      const caller = await loadCaller(db, claims(U.member), { orgId: ORG.sells, siteId });
      expect(caller?.org?.id, String(siteId)).toBe(ORG.sells);
      expect(caller?.site, String(siteId)).toBeNull();
    }
  });
});

describe('can: an action of the permission table', () => {
  const access = (flags: Partial<OrgAccess['userPermissions']>, caps = {}): OrgAccess => ({
    id: 1,
    name: 'Org',
    isMember: true,
    userPermissions: { ...ALL_FALSE, ...flags },
    orgPermissions: {
      isOrgOwner: false,
      isOrgAdmin: false,
      isDeveloper: false,
      isBusinessManager: false,
      isSubManager: false,
      isProductOwnerEnabled: false,
      isServiceOwnerEnabled: false,
      ...caps,
    },
  });
  const site = (isSiteAdmin: boolean, isSiteUser: boolean) => ({
    id: 11,
    name: 'Site',
    permissions: { isSiteAdmin, isSiteUser },
  });

  it('allows an action with no flags to every member', () => {
    expect(can('site.read', access({}))).toBe(true);
    expect(can('nodeLibraries.read', access({}), null)).toBe(true);
  });

  it('allows an action to a caller with any of its flags, and no one else', () => {
    expect(can('org.write', access({ isOrgOwner: true }))).toBe(true);
    expect(can('org.write', access({ isOrgAdmin: true, isDeveloper: true }))).toBe(false);
    expect(can('orgUsers.read', access({ isDeveloper: true }))).toBe(true);
    expect(can('orgUsers.read', access({ isSubManager: true }))).toBe(true);
    expect(can('orgUsers.read', access({ isTechSupport: true, isBusinessManager: true }))).toBe(
      false,
    );
    expect(can('offerings.write', access({ isSysadmin: true }))).toBe(true);
    expect(can('offerings.write', access({}))).toBe(false);
  });

  it('reads the organisation’s capabilities from the organisation', () => {
    expect(can('issuedLicences.read', access({}, { isProductOwnerEnabled: true }))).toBe(true);
    expect(can('issuedLicences.read', access({}, { isServiceOwnerEnabled: true }))).toBe(false);
    expect(can('customerSubs.read', access({}, { isServiceOwnerEnabled: true }))).toBe(true);
    // The capability in the user's flags counts for nothing.
    const odd = access({});
    (odd.userPermissions as Record<string, boolean>).isProductOwnerEnabled = true;
    expect(can('issuedLicences.read', odd)).toBe(false);
  });

  it('reads the site flags from the site, none without one', () => {
    expect(can('blasts.read', access({}), site(false, true))).toBe(true);
    expect(can('blasts.write', access({}), site(false, true))).toBe(false);
    expect(can('blasts.write', access({}), site(true, false))).toBe(true);
    expect(can('blasts.read', access({}), site(false, false))).toBe(false);
    expect(can('blasts.read', access({}))).toBe(false);
    expect(can('blasts.read', access({}), null)).toBe(false);
    // Site flags in the user's flags count for nothing.
    expect(can('blasts.read', access({ isSiteUser: true, isSiteAdmin: true }), null)).toBe(false);
    expect(can('blasts.read', access({ isSubManager: true }), null)).toBe(true);
  });
});
