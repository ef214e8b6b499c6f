import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { permissionTable, type AccessFlag, type PermissionAction } from '@/contract/permissions';
import { routeTable } from './routes';
import { routeRow } from './route-docs';
import { ACTIVE_ACCOUNTS, DEMO, bearer, tokenFor, type DemoAccount } from '../test/harness';
import { useTestApp } from '../test/use-app';

/**
 * Every route's guard is a row of the permission table of src/contract (the one the portals
 * check), and it behaves as that row says for every demo account: generated from the route
 * table, so a new route is covered without editing this file.
 */
const app = useTestApp();

const GUARD_REFUSAL = 'You do not have permission to access this resource';
const flagsOf = (action: PermissionAction): readonly AccessFlag[] => permissionTable[action];
/** The org- and site-scoped routes with the flags of their action. */
const scoped = () =>
  routeTable().flatMap((r) =>
    r.access.kind === 'org' || r.access.kind === 'site'
      ? [{ route: r, kind: r.access.kind, flags: flagsOf(r.access.action) }]
      : [],
  );

describe('route guards come from the permission table', () => {
  it('names an action of the table on every guarded route, and no flags of its own', () => {
    const guarded = routeTable().filter(
      (r) => r.access.kind !== 'anonymous' && r.access.kind !== 'user',
    );
    expect(guarded.length).toBeGreaterThan(80);
    for (const r of guarded) {
      const where = `${r.method} ${r.url}`;
      // The access is the action's name only: its flags are read from the table when checked.
      expect(Object.keys(r.access).sort(), where).toEqual(['action', 'kind']);
      const action = (r.access as { action: string }).action;
      expect(Object.keys(permissionTable), where).toContain(action);
      if (r.access.kind === 'sysadmin') {
        expect(permissionTable[r.access.action], where).toEqual(['isSysadmin']);
      }
    }
  });

  it('lists every route with its guard in docs/local-stack.md', async () => {
    const doc = await readFile(new URL('../../docs/local-stack.md', import.meta.url), 'utf8');
    const documented = doc
      .split('\n')
      .filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE) \| `/.test(line))
      .sort();
    // Reprint with `npx tsx server/tools/print-routes.ts` when this fails.
    expect(documented).toEqual(routeTable().map(routeRow).sort());
  });
});

/** The caller's flags in an organisation and a site, read from the database (the oracle). */
interface Standing {
  who: DemoAccount;
  orgId: number;
  siteId?: number;
  have: Record<AccessFlag, boolean>;
}

async function standings(): Promise<Standing[]> {
  const db = app().services.db;
  const out: Standing[] = [];
  for (const who of ACTIVE_ACCOUNTS) {
    const userId = DEMO[who];
    const [user] = await db.query<{ is_sysadmin: boolean }>(
      'select is_sysadmin from users where id = $1',
      [userId],
    );
    const all = user?.is_sysadmin === true;
    const orgs = await db.query<Record<string, boolean> & { id: number }>(
      `select o.id, o.is_product_owner_enabled, o.is_service_owner_enabled,
              coalesce(m.is_org_owner, false) as is_org_owner, coalesce(m.is_org_admin, false) as is_org_admin,
              coalesce(m.is_developer, false) as is_developer, coalesce(m.is_business_manager, false) as is_business_manager,
              coalesce(m.is_sub_manager, false) as is_sub_manager, coalesce(m.is_tech_support, false) as is_tech_support
         from orgs o left join org_members m on m.org_id = o.id and m.user_id = $1 and m.status = 'active'
        where m.user_id is not null or $2::boolean
        order by o.id limit 4`,
      [userId, all],
    );
    for (const o of orgs) {
      const member = (flag: string) => all || o[flag] === true;
      const inOrg: Record<AccessFlag, boolean> = {
        isSysadmin: all,
        isOrgOwner: member('is_org_owner'),
        isOrgAdmin: member('is_org_admin'),
        isDeveloper: member('is_developer'),
        isBusinessManager: member('is_business_manager'),
        isSubManager: member('is_sub_manager'),
        isTechSupport: member('is_tech_support'),
        isProductOwnerEnabled: o.is_product_owner_enabled === true,
        isServiceOwnerEnabled: o.is_service_owner_enabled === true,
        isSiteAdmin: false,
        isSiteUser: false,
      };
      out.push({ who, orgId: o.id, have: inOrg });
      // A site where the caller is site admin, one where only site user, and (for those who see
      // every site of the organisation) one they are not a member of.
      const seesAll = inOrg.isOrgAdmin || inOrg.isSubManager;
      const sites = await db.query<{ id: number; is_site_admin: boolean; is_site_user: boolean }>(
        `select distinct on (kind) id, is_site_admin, is_site_user from (
           select s.id, coalesce(sm.is_site_admin, false) as is_site_admin,
                  coalesce(sm.is_site_user, false) as is_site_user,
                  case when sm.is_site_admin then 1 when sm.is_site_user then 2 else 3 end as kind
             from sites s left join site_members sm on sm.site_id = s.id and sm.user_id = $2
            where s.org_id = $1) x
          where kind < 3 or $3::boolean
          order by kind, id`,
        [o.id, userId, seesAll],
      );
      for (const s of sites) {
        out.push({
          who,
          orgId: o.id,
          siteId: s.id,
          have: { ...inOrg, isSiteAdmin: s.is_site_admin, isSiteUser: s.is_site_user },
        });
      }
    }
  }
  return out;
}

const fill = (url: string, values: Record<string, number>) =>
  url.replace(/:(\w+)/g, (_, name: string) => String(values[name] ?? 999_999));

describe('route guards by role (generated from the route table)', () => {
  it('refuses (403) exactly the callers whose flags the action of the route does not list', async () => {
    const tokens = new Map<DemoAccount, string>();
    const outcomes = new Map<string, { allowed: number; refused: number }>();
    for (const s of await standings()) {
      const token = tokens.get(s.who) ?? (await tokenFor(app(), s.who));
      tokens.set(s.who, token);
      for (const { route: r, kind, flags } of scoped()) {
        if ((kind === 'site') !== (s.siteId !== undefined)) continue;
        const allowed = flags.length === 0 || flags.some((f) => s.have[f]);
        const res = await app().inject({
          method: r.method,
          url: fill(r.url, { orgId: s.orgId, siteId: s.siteId ?? 999_999 }),
          headers: bearer(token),
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
        });
        const where = `${s.who} in org ${s.orgId}${s.siteId ? ` site ${s.siteId}` : ''}: ${r.method} ${r.url}`;
        const message = (res.json() as { message?: string }).message;
        const refusedByGuard = res.statusCode === 403 && message === GUARD_REFUSAL;
        expect(refusedByGuard, `${where} (${res.statusCode} ${message})`).toBe(!allowed);
        // Signed in, a member, the site visible: never 401 nor the guard's 404.
        expect(res.statusCode, where).not.toBe(401);
        expect(['Organization not found', 'Site not found'], where).not.toContain(message);
        const key = `${r.method} ${r.url}`;
        const o = outcomes.get(key) ?? { allowed: 0, refused: 0 };
        o[allowed ? 'allowed' : 'refused'] += 1;
        outcomes.set(key, o);
      }
    }
    // Both outcomes happen on every route whose action can refuse someone who reaches it (who
    // sees a site is an org admin, a sub manager or one of its members), so the test can fail.
    const seeTheSite: AccessFlag[] = ['isOrgAdmin', 'isSubManager', 'isSiteAdmin', 'isSiteUser'];
    for (const { route: r, kind, flags } of scoped()) {
      const where = `${r.method} ${r.url}`;
      const o = outcomes.get(where);
      expect(o?.allowed, where).toBeGreaterThan(0);
      const refusesSome =
        flags.length > 0 && !(kind === 'site' && seeTheSite.every((f) => flags.includes(f)));
      expect(o?.refused ?? 0, where).toSatisfy((n: number) => (refusesSome ? n > 0 : n === 0));
    }
  });
});
