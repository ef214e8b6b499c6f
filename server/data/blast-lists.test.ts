import { describe, expect, it } from 'vitest';
import { dataTestApp } from './test-support';

/**
 * A blast's links and shares are paged lists (issues 16/17): every one is listed, with its true
 * total, however many there are (the older answers stopped at 1,000 without a word).
 */
const data = dataTestApp();
const { call } = data;

describe('a blast’s links and shares, at any number', () => {
  it('pages 1,005 links of one blast with their true total, newest first; other blasts’ stay out', async () => {
    // Blast 4 (Borealis, site 1): links made long ago, then one made now through the API.
    await data.app.services.db.query(
      `insert into blast_links (id, blast_id, is_anonymous, created_by, created_at)
       select 'bulk-link-' || n, 4, n % 2 = 0, 7, now() - make_interval(days => n)
         from generate_series(1, 1005) n`,
    );
    const made = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/4/links', {
      isAnonymous: false,
    });
    expect(made.status).toBe(200);
    const first = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/4/links/list', {
      take: 20,
    });
    expect(first.status).toBe(200);
    expect(first.data.totalAvailable).toBe(1006);
    expect(first.data.results[0].id).toBe(made.data.id);
    const last = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/4/links/list', {
      skip: 1000,
      take: 1000,
    });
    expect(last.data.results).toHaveLength(6);
    expect(last.data.results.at(-1).id).toBe('bulk-link-1005');
    const anonymous = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/4/links/list', {
      filters: { kind: 'Anonymous' },
      take: 1,
    });
    expect(anonymous.data.totalAvailable).toBe(502);
    // Blast 4 is not of site 2: nothing of it is listed there.
    const elsewhere = await call('siteadmin', 'POST', '/orgs/2/sites/2/blasts/4/links/list', {});
    expect(elsewhere.data?.totalAvailable ?? 0).toBe(0);
  });

  it('pages 1,005 shares of one blast with their true total', async () => {
    await data.app.services.db.query(
      `insert into shared_blasts (blast_id, shared_by, shared_with_email, shared_at)
       select 6, 7, 'person' || n || '@example.org', now() - make_interval(days => n)
         from generate_series(1, 1005) n`,
    );
    const page = await call('siteuser', 'POST', '/orgs/2/sites/1/blasts/6/shares/list', {
      take: 20,
    });
    expect(page.status).toBe(200);
    expect(page.data.totalAvailable).toBe(1005);
    expect(page.data.results[0].target).toEqual({ kind: 'user', email: 'person1@example.org' });
    const searched = await call('siteuser', 'POST', '/orgs/2/sites/1/blasts/6/shares/list', {
      search: 'person1005@',
    });
    expect(searched.data.results.map((s: { target: unknown }) => s.target)).toEqual([
      { kind: 'user', email: 'person1005@example.org' },
    ]);
  });
});
