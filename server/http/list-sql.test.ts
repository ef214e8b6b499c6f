import { describe, expect, it } from 'vitest';
import { customersDef } from '../crm/customers';
import { issuedLicencesDef } from '../crm/licences';
import { blastsDef } from '../data/blast-model';
import { escapeLike, fromFor, orderOf, pageQuery, whereOf, type ListDef } from './list-sql';

/** The from clause of a statement: only the joins it needs (docs/lists.md, "On the server"). */
describe('fromFor', () => {
  const from = `orgs o join (select customer_id from sales where vendor = $1 group by 1) k
    on k.customer_id = o.id left join users u on u.id = o.owner_id`;

  it('keeps the joins the SQL refers to, and those they refer to', () => {
    expect(fromFor(from, 'where o.id = $1', 'order by o.name')).toBe('orgs o');
    expect(fromFor(from, 'where o.id = $1', 'order by lower(u.email)')).toBe(
      'orgs o left join users u on u.id = o.owner_id',
    );
    expect(fromFor(from, 'where k.customer_id > 0 and o.id <> $1')).toMatch(
      /^orgs o join \(select/,
    );
  });

  it('keeps a join for a parameter that nothing else refers to, so that it stays referenced', () => {
    // A statement whose parameter appears nowhere cannot be prepared (its type is unknown).
    expect(fromFor(from, 'where o.id > 0', 'order by o.name')).toMatch(/^orgs o join \(select/);
    expect(fromFor(from, 'where o.id > $10')).toMatch(/^orgs o join \(select/);
    expect(fromFor(from, 'where o.id = $1')).toBe('orgs o');
  });
});

/** The order of a page: what the user sorted by, then the key the same way (one index both ways). */
describe('orderOf', () => {
  const order = (sortBy?: string, sortDesc?: boolean) =>
    orderOf(issuedLicencesDef as never, { sortBy, sortDesc });

  it('sorts by the key alone for the key column and by default', () => {
    expect(order()).toBe('l.id asc');
    expect(order('id')).toBe('l.id asc');
    expect(order('id', true)).toBe('l.id desc');
  });

  it("sorts by the list's default order, its direction included, when asked for no column of it", () => {
    expect(orderOf(blastsDef as never, {})).toMatch(/ desc( nulls last)?, b\.id desc$/);
    expect(orderOf(blastsDef as never, { sortDesc: false })).toMatch(
      / desc( nulls last)?, b\.id desc$/,
    );
    // Not a column of the list (the contract refuses it first): the default order.
    expect(order('constructor', true)).toBe('l.id asc');
    expect(orderOf(blastsDef as never, { sortBy: 'toString' })).toMatch(
      / desc( nulls last)?, b\.id desc$/,
    );
  });

  it('sorts text case-insensitively by code point, nulls last, then by the key', () => {
    expect(order('seats', true)).toBe('(l.seats) desc, l.id desc');
    expect(order('expiry')).toBe('(l.expiry) asc nulls last, l.id asc');
    // A joined name by its copy in the licence (migration 096).
    expect(order('customerOrg.name', true)).toBe('l.customer_sort desc, l.id desc');
    expect(order('subscription.name')).toBe('l.subscription_sort asc nulls last, l.id asc');
    expect(orderOf(customersDef as never, { sortBy: 'name' })).toBe(
      'lower(o.name) collate "C" asc, o.id asc',
    );
    expect(order('state.name')).toMatch(/^\(case .*\) collate "C" asc, l\.id asc$/s);
  });
});

/** Filters and the search as SQL: what the server suite cannot see from a page's rows. */
describe('whereOf', () => {
  const def = issuedLicencesDef as unknown as ListDef<never, unknown, unknown>;
  const scope = { where: ['l.vendor_org_id = $1'], params: [1] };

  it('writes a text filter literally: %, _ and \\ are plain characters', () => {
    expect(escapeLike('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it("takes an instant's days in the request's time zone, or UTC, whatever the host's zone", () => {
    const host = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      const days = { issuedAt: { from: '2026-03-01', to: '2026-03-01' } };
      const iso = (params: unknown[]) =>
        params.map((p) => (p instanceof Date ? p.toISOString() : p));
      expect(iso(whereOf(def, scope, { filters: days } as never).params)).toEqual([
        1,
        '2026-03-01T00:00:00.000Z',
        '2026-03-02T00:00:00.000Z',
      ]);
      expect(
        iso(
          whereOf(def, scope, { filters: days, timeZone: 'America/Los_Angeles' } as never).params,
        ),
      ).toEqual([1, '2026-03-01T08:00:00.000Z', '2026-03-02T08:00:00.000Z']);
    } finally {
      if (host === undefined) delete process.env.TZ;
      else process.env.TZ = host;
    }
  });

  it('tests a joined name in the statement when its keys were not found first', () => {
    // lookupKeys finds no keys beyond its limit: the statement tests the names itself.
    const { where } = whereOf(def, scope, {
      filters: { 'customerOrg.name': 'ridge' },
      search: 'north',
    } as never);
    expect(where).toContain('exists (select co.id from orgs co where');
    expect(where).toContain('and co.id = l.customer_org_id)');
    expect(where).toMatch(/\(co\.name\) ilike \$2/);
  });

  it('leaves out a filter without a value, and a name that is no column of the list', () => {
    const filters = { seats: null, expiry: undefined, toString: { min: 1 }, nope: 'x' };
    expect(whereOf(def, scope, { filters } as never)).toEqual({
      where: 'where l.vendor_org_id = $1',
      params: [1],
      keyed: {},
      base: ['l.vendor_org_id = $1'],
      arms: [],
      unpriced: false,
    });
  });

  it('says when a filter of its clause is one the planner cannot price (a state)', () => {
    const of = (filters: object) => whereOf(def, scope, { filters } as never).unpriced;
    expect(of({ 'state.name': ['Active'] })).toBe(true);
    expect(of({ seats: { min: 1 }, expiry: { from: '2026-01-01' } })).toBe(false);
  });
});

/** A sort by a computed state: one branch per value, in the sort's order (docs/lists.md). */
describe('pageQuery by a computed select column', () => {
  const sortBy = { sortBy: 'state.name', take: 10 };
  const branches = (sql: string) => sql.match(/\(select l\.id as __key, \d as __v/g)?.length ?? 0;

  it("reads the values' rows one after another, under the scope's where or its own", () => {
    const scoped = pageQuery(
      issuedLicencesDef,
      { where: ['l.vendor_org_id = $1'], params: [1] },
      sortBy,
    );
    expect(branches(scoped.sql)).toBe(3);
    expect(scoped.sql).toContain("where l.vendor_org_id = $1 and (l.state = 'Suspended')");
    const everywhere = pageQuery(issuedLicencesDef, { where: [], params: [] }, sortBy);
    expect(everywhere.sql).toContain("from licences l where (l.state = 'Suspended')");
  });

  it('sorts by the computed value when a value has no predicate, or the value may be null', () => {
    const { Active = '', Expired = '' } = issuedLicencesDef.sql['state.name'].when ?? {};
    const partial = {
      ...issuedLicencesDef,
      sql: {
        ...issuedLicencesDef.sql,
        'state.name': { ...issuedLicencesDef.sql['state.name'], when: { Active, Expired } },
      },
    };
    const nullable = {
      ...issuedLicencesDef,
      sql: {
        ...issuedLicencesDef.sql,
        'state.name': { ...issuedLicencesDef.sql['state.name'], nullable: true },
      },
    };
    for (const def of [partial, nullable]) {
      const { sql } = pageQuery(def, { where: [], params: [] }, sortBy);
      expect(branches(sql)).toBe(0);
      expect(sql).toMatch(/order by \(case .* collate "C" asc/s);
    }
  });
});
