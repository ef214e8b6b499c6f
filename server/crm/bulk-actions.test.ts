import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app';
import { verifyTrail } from '../db/audit';
import type { Queryable } from '../db/types';
import { MAX_REFUSAL_IDS } from '@/contract/lists';
import { BULK_BATCH } from '../http/bulk';
import { abortMidStream, framesOf } from '../http/list-support';
import { ORGS, bearer, createTestApp, tokenFor, type DemoAccount } from '../test/harness';
import { messagesTo } from '../test/outbox';
import { auditProbe } from '../test/audit';

/**
 * Bulk actions (docs/lists.md): renew, suspend and reinstate of issued licences and resend of
 * invitations over a selection, with the single-row rules, refusals with reasons, the audit
 * trail, streamed progress and cancellation.
 */
let app: App;
const tokens = new Map<DemoAccount, Record<string, string>>();
beforeAll(async () => {
  app = await createTestApp();
  for (const who of ['manager', 'owner', 'developer', 'submanager', 'sysadmin'] as const)
    tokens.set(who, bearer(await tokenFor(app, who)));
});
afterAll(async () => {
  await app.close();
});
const trail = auditProbe(() => app.services.db);

const send = (who: DemoAccount, url: string, payload?: object, headers = {}) =>
  app.inject({
    method: 'POST',
    url: `/crm/v1${url}`,
    headers: { ...tokens.get(who), ...headers },
    ...(payload ? { payload } : {}),
  });
const q = <T extends object>(sql: string, params: unknown[] = []) =>
  app.services.db.query<T>(sql, params);
/** New licences of Acme for one customer, with a state and an expiry; answers their ids. */
async function issue(
  n: number,
  state: string,
  expiry: string | null,
  customer: number = ORGS.delta,
) {
  const rows = await q<{ id: number }>(
    `insert into licences (vendor_org_id, customer_org_id, offering_id, state, seats, expiry)
     select 1, $1, 3, $2, 4, $3::date from generate_series(1, $4::int) returning id`,
    [customer, state, expiry, n],
  );
  return rows.map((r) => r.id);
}
const statesOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await q<{ id: number; state: string; expiry: string | null }>(
        `select id, state, to_char(expiry, 'YYYY-MM-DD') as expiry from licences where id = any($1::int[])`,
        [ids],
      )
    ).map((r) => [r.id, `${r.state} ${r.expiry}`]),
  );

describe('bulk actions on issued licences, by the single-row rules', () => {
  it('suspends picked licences, refusing the suspended ones and those of other organisations', async () => {
    const active = await issue(3, 'Active', '2031-01-01');
    const suspended = await issue(2, 'Suspended', '2031-01-01');
    const [foreign] = await q<{ id: number }>(
      'select id from licences where vendor_org_id = $1 limit 1',
      [ORGS.cobalt],
    );
    const foreignBefore = await statesOf([foreign?.id ?? 0]);
    const res = await send('manager', '/orgs/1/issued-licences/bulk/suspend', {
      ids: [...active, ...suspended, foreign?.id, 2_000_000_000],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      requested: 7,
      done: 3,
      refused: 4,
      refusals: [
        {
          code: 'notFound',
          message: 'Licence not found',
          count: 2,
          ids: [foreign?.id, 2_000_000_000],
        },
        {
          code: 'alreadySuspended',
          message: 'This licence is already suspended',
          count: 2,
          ids: suspended,
        },
      ],
    });
    expect(Object.values(await statesOf(active))).toEqual(Array(3).fill('Suspended 2031-01-01'));
    expect(await statesOf([foreign?.id ?? 0])).toEqual(foreignBefore);
  });

  it('refuses one row as the bulk action refuses it (one rule per action)', async () => {
    const [suspended] = await issue(1, 'Suspended', '2031-01-01');
    const [active] = await issue(1, 'Active', '2031-01-01');
    const again = await send('manager', `/orgs/1/issued-licences/${suspended}/suspend`);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.id).toEqual({
      message: 'This licence is already suspended',
      errorCode: 'alreadySuspended',
    });
    const reinstate = await send('manager', `/orgs/1/issued-licences/${active}/reinstate`);
    expect(reinstate.json().errors.id.errorCode).toBe('notSuspended');
    const shorter = await send('manager', `/orgs/1/issued-licences/${active}/renew`, {
      expiry: '2030-06-30',
    });
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json().errors.id).toEqual({
      message: 'The licence already runs to this date or later: a renewal extends it',
      errorCode: 'notLater',
    });
    const bulk = await send('manager', '/orgs/1/issued-licences/bulk/renew', {
      ids: [active],
      expiry: '2030-06-30',
    });
    expect(bulk.json().data.refusals).toEqual([
      { code: 'notLater', message: shorter.json().message, count: 1, ids: [active] },
    ]);
    const foreign = await send('manager', '/orgs/1/issued-licences/2000000000/suspend');
    expect(foreign.statusCode).toBe(404);
    expect(await statesOf([suspended ?? 0, active ?? 0])).toEqual({
      [suspended ?? 0]: 'Suspended 2031-01-01',
      [active ?? 0]: 'Active 2031-01-01',
    });
  });

  it('renews all licences matching a filter, but those excepted, and those already running later', async () => {
    const [{ id: customer } = { id: 0 }] = await q<{ id: number }>(
      `insert into orgs (name) values ('Zephyr Test Quarries') returning id`,
    );
    const expired = await issue(4, 'Expired', '2020-01-01', customer);
    const later = await issue(2, 'Active', '2040-01-01', customer);
    const kept = expired.pop() as number;
    const res = await send('manager', '/orgs/1/issued-licences/bulk/renew', {
      all: true,
      filters: { 'customerOrg.name': 'zephyr test' },
      except: [kept],
      expiry: '2035-12-31',
    });
    expect(res.json().data).toEqual({
      requested: 5,
      done: 3,
      refused: 2,
      refusals: [
        {
          code: 'notLater',
          message: 'The licence already runs to this date or later: a renewal extends it',
          count: 2,
          ids: later,
        },
      ],
    });
    expect(Object.values(await statesOf(expired))).toEqual(Array(3).fill('Active 2035-12-31'));
    expect(await statesOf([kept])).toEqual({ [kept]: 'Expired 2020-01-01' });
  });

  it('streams its progress batch by batch and records every batch in the audit trail', async () => {
    const ids = await issue(BULK_BATCH * 2 + 10, 'Active', '2032-02-02', ORGS.borealis);
    const last = await trail.lastId();
    const res = await send(
      'manager',
      '/orgs/1/issued-licences/bulk/suspend',
      { all: true, filters: { expiry: { from: '2032-02-02', to: '2032-02-02' } } },
      { accept: 'application/x-ndjson' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const frames = framesOf(res.body);
    expect(frames[0]).toEqual({ kind: 'start', total: ids.length });
    expect(frames.filter((f) => f.kind === 'progress')).toEqual([
      { kind: 'progress', done: BULK_BATCH, refused: 0 },
      { kind: 'progress', done: BULK_BATCH * 2, refused: 0 },
      { kind: 'progress', done: ids.length, refused: 0 },
    ]);
    expect(frames.at(-1)).toEqual({
      kind: 'end',
      result: { requested: ids.length, done: ids.length, refused: 0, refusals: [] },
    });
    // The audit trail (docs/audit.md): one event per licence suspended, by the manager.
    const entries = (await trail.eventsAfter(last)).filter((e) => e.record_type === 'licence');
    expect(new Set(entries.map((e) => `${e.action} ${e.actor_user_id} ${e.org_id}`))).toEqual(
      new Set(['suspend 3 1']),
    );
    expect(entries.map((e) => Number(e.record_id)).sort((a, b) => a - b)).toEqual(ids);
    expect((await verifyTrail(app.services.db)).broken).toEqual([]);
  });

  it('records single-row actions in the trail too, with what they changed', async () => {
    const [id] = await issue(1, 'Active', '2031-03-03');
    await send('manager', `/orgs/1/issued-licences/${id}/renew`, { expiry: '2033-03-03' });
    const [event] = await q<{ action: string; record_id: string; changes: object }>(
      `select action, record_id, changes from audit_events where record_type = 'licence'
        order by id desc limit 1`,
    );
    expect(event).toEqual({
      action: 'renew',
      record_id: String(id),
      changes: { expiry: { before: '2031-03-03', after: '2033-03-03' } },
    });
  });

  it('counts every refused row and names the first of each reason', async () => {
    const suspended = await issue(MAX_REFUSAL_IDS + 5, 'Suspended', '2036-06-06');
    const res = await send('manager', '/orgs/1/issued-licences/bulk/suspend', { ids: suspended });
    expect(res.json().data).toEqual({
      requested: suspended.length,
      done: 0,
      refused: suspended.length,
      refusals: [
        {
          code: 'alreadySuspended',
          message: 'This licence is already suspended',
          count: suspended.length,
          ids: suspended.slice(0, MAX_REFUSAL_IDS),
        },
      ],
    });
  });

  it('matching nothing, it says so at once and changes nothing', async () => {
    const last = await trail.lastId();
    const res = await send(
      'manager',
      '/orgs/1/issued-licences/bulk/suspend',
      { all: true, search: 'no licence is called this' },
      { accept: 'application/x-ndjson' },
    );
    expect(framesOf(res.body)).toEqual([
      { kind: 'start', total: 0 },
      { kind: 'end', result: { requested: 0, done: 0, refused: 0, refusals: [] } },
    ]);
    expect(await trail.eventsAfter(last)).toEqual([]);
  });

  it('an error part-way ends the stream with a frame that says so; the batches done stay done', async () => {
    const ids = await issue(BULK_BATCH + 10, 'Active', '2037-07-07', ORGS.borealis);
    const db = app.services.db;
    const original = db.transaction.bind(db);
    let batches = 0;
    const txSpy = vi
      .spyOn(db, 'transaction')
      .mockImplementation(async <T>(fn: (tx: Queryable) => Promise<T>) => {
        batches++;
        if (batches === 2) throw new Error('the database went away');
        return original(fn);
      });
    let res;
    try {
      res = await send(
        'manager',
        '/orgs/1/issued-licences/bulk/suspend',
        { ids },
        { accept: 'application/x-ndjson' },
      );
    } finally {
      txSpy.mockRestore();
    }
    expect(res.statusCode).toBe(200);
    expect(framesOf(res.body)).toEqual([
      { kind: 'start', total: ids.length },
      { kind: 'progress', done: BULK_BATCH, refused: 0 },
      {
        kind: 'error',
        message: 'The action stopped on an error; the rows done so far stay done',
      },
    ]);
    const states = Object.values(await statesOf(ids));
    expect(states.filter((s) => s.startsWith('Suspended'))).toHaveLength(BULK_BATCH);
    expect(states.filter((s) => s.startsWith('Active'))).toHaveLength(10);
  });

  it('stops after the batch under way when the client goes away', async () => {
    const ids = await issue(BULK_BATCH * 3, 'Active', '2034-04-04', ORGS.borealis);
    const db = app.services.db;
    const original = db.transaction.bind(db);
    let batches = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const txSpy = vi
      .spyOn(db, 'transaction')
      .mockImplementation(async <T>(fn: (tx: Queryable) => Promise<T>) => {
        batches++;
        if (batches === 2) await gate;
        return original(fn);
      });
    try {
      await abortMidStream(
        app,
        {
          url: '/crm/v1/orgs/1/issued-licences/bulk/suspend',
          headers: { ...tokens.get('manager'), accept: 'application/x-ndjson' },
          body: { ids },
          until: 'progress',
        },
        release,
      );
    } finally {
      txSpy.mockRestore();
    }
    expect(batches).toBe(2);
    const states = Object.values(await statesOf(ids));
    expect(states.filter((s) => s.startsWith('Suspended'))).toHaveLength(BULK_BATCH * 2);
    expect(states.filter((s) => s.startsWith('Active'))).toHaveLength(BULK_BATCH);
  });
});

describe('who may run bulk actions: as the single-row endpoints', () => {
  it('refuses readers without the write flag, other organisations and bad selections', async () => {
    const [id] = await issue(1, 'Active', '2031-05-05');
    expect(
      (await send('developer', '/orgs/1/issued-licences/bulk/suspend', { ids: [id] })).statusCode,
    ).toBe(403);
    expect(
      (await send('submanager', '/orgs/1/issued-licences/bulk/suspend', { ids: [id] })).statusCode,
    ).toBe(404);
    expect((await send('manager', '/orgs/1/issued-licences/bulk/suspend', {})).statusCode).toBe(
      400,
    );
    const noExpiry = await send('manager', '/orgs/1/issued-licences/bulk/renew', { ids: [id] });
    expect(noExpiry.statusCode).toBe(400);
    expect(noExpiry.json().errors.expiry).toBeDefined();
    expect(await statesOf([id ?? 0])).toEqual({ [id ?? 0]: 'Active 2031-05-05' });
  });

  it('resends open invitations with a new link each, refusing members and accepted invitations', async () => {
    const linkTo = async (email: string) => (await messagesTo(app, email))[0]?.links[0]?.url;
    const before = await linkTo('pending@example.com');
    const res = await send('owner', '/orgs/2/users/bulk/resend-invitation', { ids: [9, 7, 1] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      requested: 3,
      done: 1,
      refused: 2,
      refusals: [
        {
          code: 'notFound',
          message: 'Not an open invitation: a member, or an invitation revoked since',
          count: 2,
          ids: [7, 1],
        },
      ],
    });
    // pending@example.com's invitation (id 9) was sent again, with a link of its own.
    const after = await linkTo('pending@example.com');
    expect(after).toMatch(/getStarted=i-/);
    expect(after).not.toBe(before);
    const [audit] = await q<{ action: string; record_id: string; changes: object }>(
      `select action, record_id, changes from audit_events where record_type = 'invitation'
        order by id desc limit 1`,
    );
    // The new link's secret is not kept: the trail says it changed.
    expect(audit).toMatchObject({
      action: 'resend',
      record_id: '9',
      changes: { token_hash: { before: '(hidden)', after: '(hidden)' } },
    });
    const single = await send('owner', '/orgs/2/users/7/resend-invitation');
    expect(single.json().errors.id.message).toBe('This user has already accepted the invitation');
    const all = await send('owner', '/orgs/2/users/bulk/resend-invitation', {
      all: true,
      filters: { status: 'Invited' },
    });
    const result = all.json().data;
    expect(result.requested).toBeGreaterThan(0);
    expect(result).toMatchObject({ done: result.requested, refused: 0 });
    expect(
      (await send('developer', '/orgs/1/users/bulk/resend-invitation', { ids: [9] })).statusCode,
    ).toBe(403);
  });
});
