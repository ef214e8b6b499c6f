import { describe, expect, it } from 'vitest';
import { auditProbe, expectListedNames } from '../test/audit';
import { dataTestApp } from './test-support';

/**
 * The audit trail of the data service (docs/audit.md): links created, opened (anonymously
 * too), revoked; files downloaded; blasts shared; each in the blast's organisation and site,
 * without a link's secret id.
 */
const data = dataTestApp();
const { call } = data;

const { lastId, eventsAfter } = auditProbe(() => data.app.services.db);

describe('audit trail of the data service', () => {
  it('records a link created, opened by anyone, its file downloaded and the link revoked', async () => {
    const start = await lastId();
    const link = (
      await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/4/links', { isAnonymous: true })
    ).data as { id: string };
    expect((await call(null, 'GET', `/blast-links/anon/${link.id}`)).status).toBe(200);
    expect((await call(null, 'GET', `/blast-links/anon/${link.id}/file`)).status).toBe(200);
    await call('siteadmin', 'DELETE', `/orgs/2/sites/1/blasts/4/links/${link.id}`);
    const events = await eventsAfter(start);
    expect(events.map((e) => [e.action, e.record_type, e.record_id, e.org_id, e.site_id])).toEqual([
      ['link create', 'blast', '4', 2, 1],
      ['link view', 'blast', '4', 2, 1],
      ['download', 'blast', '4', 2, 1],
      ['link revoke', 'blast', '4', 2, 1],
    ]);
    expect(events[1]).toMatchObject({ actor_name: 'anonymous', actor_user_id: null });
    expect(events[2]?.changes.file?.after).toMatch(/\.blst \(\d+\.\d KB\)$/);
    // The link's id is its secret: the trail never holds it.
    expect(JSON.stringify(events)).not.toContain(link.id);
    expect(Object.keys(events[3]?.changes ?? {})).toEqual([
      `link ${link.id.slice(0, 4)}…: revoked_at`,
    ]);
  });

  it('records a share by its name', async () => {
    const start = await lastId();
    const shared = await call('siteadmin', 'POST', '/orgs/2/sites/1/blasts/4/shares', {
      email: 'trail-share@example.com',
    });
    expect(shared.status).toBe(200);
    const events = await eventsAfter(start);
    expect(events.map((e) => [e.action, e.record_type, e.record_id])).toEqual([
      ['share', 'blast', '4'],
    ]);
  });

  it('records only actions and record types the audit lists offer', async () => {
    await expectListedNames(data.app.services.db);
  });
});
