import { describe, expect, it } from 'vitest';
import { fromFor } from './list-sql';

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
