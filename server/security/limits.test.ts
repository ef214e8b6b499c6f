import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { RouteInfo } from '../http/routes';
import { MAX_ATTACHMENT_BASE64 } from '@/contract/common';
import { MAX_ENVELOPE_BYTES, MAX_EVENT_BYTES } from '../errors/register';
import { bearer, createTestApp, tokenFor } from '../test/harness';
import { jsonSchemaOf, resolve } from './samples';
import { isErrorEnvelope } from './support';
import { routeTable } from '../http/routes';

/**
 * Size limits of every write (issue 14, item 13): every string and list a client sends has a
 * maximum in its schema, every route's body limit fits what it carries, and the anonymous error
 * sink takes only envelopes with its DSN key, of bounded size, keeping a bounded number.
 * Per-organisation quotas are in quotas.test.ts.
 */
let app: App;
let routes: RouteInfo[];
beforeAll(async () => {
  app = await createTestApp();
  routes = routeTable();
});
afterAll(async () => {
  await app.close();
});

type Schema = ReturnType<typeof jsonSchemaOf>;

/** Strings without maxLength and arrays without maxItems, as dotted paths. */
function unbounded(s0: Schema, defs: Record<string, Schema>, path: string, out: string[]) {
  const s = resolve(s0, defs);
  for (const v of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    unbounded(v, defs, path, out);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string') && !s.enum && s.const === undefined) {
    // A calendar date is bounded by its format; any other string needs a maximum.
    if (s.maxLength === undefined && s.format !== 'date') out.push(`${path} (string)`);
  }
  if (types.includes('array')) {
    if (s.maxItems === undefined) out.push(`${path} (list)`);
    if (s.items) unbounded(s.items, defs, `${path}[]`, out);
  }
  for (const [key, prop] of Object.entries(s.properties ?? {}))
    unbounded(prop, defs, path ? `${path}.${key}` : key, out);
  if (typeof s.additionalProperties === 'object')
    unbounded(s.additionalProperties, defs, `${path}{}`, out);
}

const carriesFiles = (r: RouteInfo) =>
  !!r.body && JSON.stringify(jsonSchemaOf(r.body)).includes('"base64"');

describe('size limits of every write', () => {
  it('every string and list of every route’s body, query and path has a maximum', () => {
    const found: string[] = [];
    for (const r of routes) {
      for (const where of ['params', 'query', 'body'] as const) {
        const schema = r[where];
        if (!schema) continue;
        const js = jsonSchemaOf(schema);
        const out: string[] = [];
        unbounded(js, js.$defs ?? {}, where, out);
        found.push(...out.map((p) => `${r.method} ${r.url}: ${p}`));
      }
    }
    expect(found).toEqual([]);
  });

  it('raises the body limit only where files are carried, to at least one largest file', () => {
    const wrong: string[] = [];
    const fileRoutes = routes.filter(carriesFiles);
    expect(fileRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /crm/v1/orgs/:orgId/issued-subscriptions',
      'POST /crm/v1/orgs/:orgId/support-requests',
      'POST /data/v1/orgs/:orgId/sites/:siteId/blasts',
      'PUT /crm/v1/orgs/:orgId/issued-subscriptions/:id',
    ]);
    for (const r of routes) {
      const limit = r.bodyLimit;
      if (carriesFiles(r)) {
        if (!limit || limit < MAX_ATTACHMENT_BASE64 || limit > 64 * 1024 * 1024)
          wrong.push(`${r.method} ${r.url}: ${limit}`);
      } else if (limit !== undefined && r.url !== '/errors/api/:projectId/envelope/') {
        wrong.push(`${r.method} ${r.url}: ${limit} without files`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a base64 text longer than the largest attachment before decoding it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/crm/v1/orgs/2/support-requests',
      headers: bearer(await tokenFor(app, 'siteuser')),
      payload: {
        subject: 'Big',
        message: 'Too big',
        attachments: [{ fileName: 'big.bin', base64: 'A'.repeat(MAX_ATTACHMENT_BASE64 + 4) }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['attachments.0.base64'].message).toBe('File size is too large');
  });
});

describe('the error sink', () => {
  const envelope = (event: object) =>
    [JSON.stringify({ event_id: 'e1' }), '{"type":"event"}', JSON.stringify(event)].join('\n');
  const post = (query: string, body: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/errors/api/1/envelope/${query}`,
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
      payload: body,
    });
  const stored = async () =>
    (await app.services.db.query<{ n: number }>('select count(*)::int as n from error_events'))[0]
      ?.n ?? 0;

  it('stores nothing without the DSN’s key, with another key, or with the key of another project', async () => {
    const before = await stored();
    for (const [query, headers] of [
      ['', {}],
      ['?sentry_key=guess&sentry_version=7', {}],
      ['', { 'x-sentry-auth': 'Sentry sentry_key=guess, sentry_version=7' }],
    ] as const) {
      const res = await post(query, envelope({ message: 'boom' }), headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Missing or unknown DSN key for this project');
    }
    const otherProject = await app.inject({
      method: 'POST',
      url: '/errors/api/2/envelope/?sentry_key=localdev',
      headers: { 'content-type': 'text/plain' },
      payload: envelope({ message: 'boom' }),
    });
    expect(otherProject.statusCode).toBe(401);
    expect(await stored()).toBe(before);
    // The portals' DSN key, as the browser SDK sends it or as a header.
    expect((await post('?sentry_key=localdev&sentry_version=7', envelope({}))).statusCode).toBe(
      200,
    );
    const header = await post('', envelope({ message: 'boom' }), {
      'x-sentry-auth': 'Sentry sentry_version=7, sentry_key=localdev, sentry_client=x',
    });
    expect(header.statusCode).toBe(200);
    expect(await stored()).toBe(before + 2);
  });

  it(`stores an event of ${MAX_EVENT_BYTES} bytes and refuses one byte more, and envelopes over ${MAX_ENVELOPE_BYTES}`, async () => {
    const eventOf = (bytes: number) => {
      const base = JSON.stringify({ message: '' });
      return { message: 'x'.repeat(bytes - base.length) };
    };
    const before = await stored();
    const fits = await post('?sentry_key=localdev', envelope(eventOf(MAX_EVENT_BYTES)));
    expect(fits.statusCode).toBe(200);
    const over = await post('?sentry_key=localdev', envelope(eventOf(MAX_EVENT_BYTES + 1)));
    expect(over.statusCode).toBe(413);
    expect(isErrorEnvelope(over)).toBe(true);
    expect(over.json().message).toBe('An event is larger than 200 KiB');
    const huge = await post('?sentry_key=localdev', 'x'.repeat(MAX_ENVELOPE_BYTES + 1));
    expect(huge.statusCode).toBe(413);
    expect(await stored()).toBe(before + 1);
  });

  it('keeps the newest ERROR_SINK_MAX_EVENTS events of a project', async () => {
    const small = await createTestApp({ errorSinkMaxEvents: 3 });
    try {
      for (let i = 1; i <= 5; i++) {
        const res = await small.inject({
          method: 'POST',
          url: '/errors/api/1/envelope/?sentry_key=localdev',
          headers: { 'content-type': 'text/plain' },
          payload: envelope({ message: `error ${i}` }),
        });
        expect(res.statusCode).toBe(200);
      }
      const rows = await small.services.db.query<{ message: string }>(
        "select message from error_events where project_id = '1' order by id",
      );
      expect(rows.map((r) => r.message).slice(-3)).toEqual(['error 3', 'error 4', 'error 5']);
      expect(rows).toHaveLength(3);
    } finally {
      await small.close();
    }
  });
});
