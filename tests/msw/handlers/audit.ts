import { http } from 'msw';
import type { AuditEvent } from '@/contract/crm/audit';
import { crm, data, pageOf } from '../envelope';

/** An Activity list's answer: the page of the rows, narrowed to the body's record if any. */
const activityPage =
  (rows: readonly AuditEvent[], seen: unknown[]) =>
  async ({ request }: { request: Request }) => {
    const body = (await request.clone().json()) as { record?: { type: string; id: string } };
    seen.push(body);
    const { record } = body;
    return pageOf(request, rows, (row) =>
      record ? row.recordType === record.type && row.recordId === record.id : true,
    );
  };

/**
 * The audit trail's lists: an organisation's Activity (CRM) and a site's (data service), each
 * with a record's History (the body's `record`), and the sysadmins' Audit log. `seen` collects
 * the request bodies.
 */
export const auditHandlers = {
  activity: (rows: readonly AuditEvent[], orgId = 1, seen: unknown[] = []) =>
    http.post(crm(`orgs/${orgId}/activity/list`), activityPage(rows, seen)),
  siteActivity: (rows: readonly AuditEvent[], orgId = 2, siteId = 1, seen: unknown[] = []) =>
    http.post(data(`orgs/${orgId}/sites/${siteId}/activity/list`), activityPage(rows, seen)),
  auditLog: (rows: readonly AuditEvent[]) =>
    http.post(crm('audit/list'), ({ request }) => pageOf(request, rows)),
};

/** An event of the trail, with typed overrides. */
export function createAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 1,
    at: '2026-11-20T09:30:00.000Z',
    orgId: 1,
    orgName: 'Acme Mining',
    siteId: null,
    actorUserId: 2,
    actorName: 'Olive Owner <owner@example.com>',
    action: 'update',
    recordType: 'licence',
    recordId: '42',
    recordName: 'BlastPlan for Borealis Quarries',
    changes: { expiry: { before: '2026-12-31', after: '2027-06-30' } },
    requestId: 'req-1',
    ip: '127.0.0.1',
    userAgent: 'test',
    ...overrides,
  };
}

/**
 * An event of the site North Pit (Borealis Quarries' site 1, as the site portal's tests sign in
 * to it), with typed overrides: by default a site admin's update of blast North Pit 0001.
 */
export function northPitEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return createAuditEvent({
    orgId: 2,
    orgName: 'Borealis Quarries',
    siteId: 1,
    actorName: 'Sarah Siteadmin <siteadmin@example.com>',
    action: 'update',
    recordType: 'blast',
    recordId: '1',
    recordName: 'North Pit 0001',
    changes: { description: { before: 'Bench 3', after: 'Bench 4' } },
    ...overrides,
  });
}
