/**
 * The Users lists as SQL (docs/lists.md): the organisation's members and open invitations, and
 * the sysadmin's every account and invited address, with their column tables' mappings.
 */
import { adminUserColumns, orgUserColumns } from '@/contract/crm/users';
import { personSql, type ListDef, type Scope } from '../http/list';
import type { ScopeContext } from '../http/list-routes';
export interface MemberRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  is_org_owner: boolean;
  is_org_admin: boolean;
  is_business_manager: boolean;
  is_sub_manager: boolean;
  is_developer: boolean;
  is_tech_support: boolean;
  status: 'active' | 'invited';
  invited_at: Date | null;
}
export const FLAGS =
  'is_org_admin, is_business_manager, is_sub_manager, is_developer, is_tech_support';

/**
 * The organisation's Users list: its members and its open invitations (by email only: an
 * invitation says nothing of any account its address may have; its id is the invitation's, from
 * the users' sequence, so it never equals a member's). $1 is the organisation.
 */
export const PEOPLE = `(
  select u.id, u.first_name, u.last_name, u.email, m.is_org_owner, m.${FLAGS.split(', ').join(', m.')},
         'active' as status, m.invited_at
    from org_members m join users u on u.id = m.user_id where m.org_id = $1 and m.status = 'active'
  union all
  select i.id, null, null, i.email, false, i.${FLAGS.split(', ').join(', i.')}, 'invited', i.invited_at
    from invitations i where i.org_id = $1 and i.accepted_at is null
) p`;
export const PEOPLE_COLUMNS = `p.id, p.first_name, p.last_name, p.email, p.is_org_owner, p.${FLAGS.split(', ').join(', p.')}, p.status, p.invited_at`;

export const mapMember = (r: MemberRow) => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  isOrgOwner: r.is_org_owner,
  isOrgAdmin: r.is_org_admin,
  isBusinessManager: r.is_business_manager,
  isSubManager: r.is_sub_manager,
  isDeveloper: r.is_developer,
  isTechSupport: r.is_tech_support,
  status: r.status === 'active' ? ('Active' as const) : ('Invited' as const),
  invitedAt: r.invited_at ? r.invited_at.toISOString() : null,
});

/** The status the Users table shows: Invited, Owner (active) or Active. */
export const MEMBER_STATUS = `case when p.status = 'invited' then 'Invited' when p.is_org_owner then 'Owner' else 'Active' end`;
export const orgUsersDef: ListDef<
  typeof orgUserColumns,
  MemberRow,
  ReturnType<typeof mapMember>
> = {
  columns: orgUserColumns,
  sql: {
    ...personSql('p'),
    status: { sql: MEMBER_STATUS },
    isOrgAdmin: { sql: 'p.is_org_admin' },
    isBusinessManager: { sql: 'p.is_business_manager' },
    isSubManager: { sql: 'p.is_sub_manager' },
    isDeveloper: { sql: 'p.is_developer' },
    isTechSupport: { sql: 'p.is_tech_support' },
    invitedAt: { sql: 'p.invited_at', nullable: true, instant: true },
  },
  from: PEOPLE,
  key: 'p.id',
  select: PEOPLE_COLUMNS,
  map: mapMember,
  defaultSort: { by: 'id' },
};
/** $1 is the organisation (PEOPLE reads it); the Status filter of the old request still works. */
export const orgUsersScope = ({
  params,
  body,
}: ScopeContext<{ orgId: number }, { status?: string }>): Scope => ({
  where: body?.status ? [`p.status = '${body.status === 'Active' ? 'active' : 'invited'}'`] : [],
  params: [params.orgId],
});

export interface AdminUserRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  is_sysadmin: boolean;
  status: 'active' | 'pending';
  orgs: Array<{ id: number; name: string }> | null;
}
export const orgsOf = (where: string) =>
  `(select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.id) from ${where})`;
export const orgNamesOf = (where: string) =>
  `(select string_agg(o.name, ', ' order by o.id) from ${where})`;
export const MEMBER_ORGS =
  "org_members m join orgs o on o.id = m.org_id where m.user_id = u.id and m.status = 'active'";
export const INVITED_ORGS =
  'invitations i2 join orgs o on o.id = i2.org_id where i2.email = i.email and i2.accepted_at is null';
/**
 * The sysadmin's All Users: every account, and every invited address with no account yet
 * ('Pending', with the organisations it is invited to; its id is its first invitation's).
 */
export const ADMIN_PEOPLE = adminPeople();
function adminPeople(key?: string) {
  return `(
  select u.id, u.first_name, u.last_name, u.email, u.is_sysadmin, 'active' as status,
         ${orgsOf(MEMBER_ORGS)} as orgs, ${orgNamesOf(MEMBER_ORGS)} as org_names
    from users u ${key ? `where u.id = ${key}` : ''}
  union all
  select i.id, null, null, i.email, false, 'pending', ${orgsOf(INVITED_ORGS)}, ${orgNamesOf(INVITED_ORGS)}
    from invitations i
   where i.accepted_at is null and not exists (select 1 from users u where u.email = i.email)
     -- one row per address: its first open invitation
     and not exists (
       select 1 from invitations e where e.email = i.email and e.accepted_at is null and e.id < i.id
     ) ${key ? `and i.id = ${key}` : ''}
) a`;
}

/**
 * Each All Users row's organisations joined as its Orgs column shows them (ADMIN_PEOPLE's
 * org_names), by the row's id: every membership and open invitation read once and grouped.
 * The column's lookup: a search or filter finds its people here, where testing each row's own
 * names (a subquery per person) took 70 of a search's 100 ms over 11,000 people on the embedded
 * database (docs/performance.md, session 55).
 */
const ADMIN_ORG_NAMES = `(
  select p.id, string_agg(p.name, ', ' order by p.org_id) as org_names from (
    select m.user_id as id, o.id as org_id, o.name
      from org_members m join orgs o on o.id = m.org_id where m.status = 'active'
    union all
    select (select min(e.id) from invitations e where e.email = i.email and e.accepted_at is null),
           o.id, o.name
      from invitations i join orgs o on o.id = i.org_id
     where i.accepted_at is null and not exists (select 1 from users u where u.email = i.email)
  ) p group by p.id
) x`;

export const mapAdminUser = (r: AdminUserRow) => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  isSysadmin: r.is_sysadmin,
  status: r.status === 'active' ? ('Active' as const) : ('Pending' as const),
  orgs: r.orgs ?? [],
  orgName: (r.orgs ?? []).map((o) => o.name).join(', '),
});
export const adminUsersDef: ListDef<
  typeof adminUserColumns,
  AdminUserRow,
  ReturnType<typeof mapAdminUser>
> = {
  columns: adminUserColumns,
  sql: {
    ...personSql('a'),
    status: { sql: `case when a.status = 'active' then 'Active' else 'Pending' end` },
    isSysadmin: { sql: 'a.is_sysadmin' },
    orgName: {
      sql: 'a.org_names',
      nullable: true,
      lookup: { fk: 'a.id', from: ADMIN_ORG_NAMES, key: 'x.id', text: 'x.org_names' },
    },
  },
  from: ADMIN_PEOPLE,
  // A page's rows one key at a time: joined to the union, its invitations branch was read in
  // full once per key.
  fromKeyed: adminPeople,
  key: 'a.id',
  select: 'a.id, a.first_name, a.last_name, a.email, a.is_sysadmin, a.status, a.orgs',
  map: mapAdminUser,
  defaultSort: { by: 'id' },
};
