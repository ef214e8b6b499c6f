import { describe, expect, it } from 'vitest';
import { customersDef } from '../crm/customers';
import { issuedLicencesDef } from '../crm/licences';
import { blastsDef } from '../data/blast-model';
import { fromFor, orderOf } from './list-sql';

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
