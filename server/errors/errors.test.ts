import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { bearer, createTestApp, tokenFor } from '../test/harness';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** What @sentry/react sends to DSN http://localdev@localhost:4000/errors/1. */
const envelope = (eventId: string) =>
  [
    JSON.stringify({
      event_id: eventId,
      sent_at: new Date().toISOString(),
      dsn: 'http://localdev@localhost:4000/errors/1',
      sdk: { name: 'sentry.javascript.react', version: '11.12.0' },
    }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({
      event_id: eventId,
      level: 'error',
      platform: 'javascript',
      timestamp: Date.now() / 1000,
      exception: {
        values: [
          { type: 'TypeError', value: "Cannot read properties of undefined (reading 'name')" },
        ],
      },
      tags: { environment: 'portal-test', portal: 'org' },
      request: { url: 'http://localhost:5173/offerings' },
    }),
  ].join('\n');

describe('error sink', () => {
  it('accepts a Sentry envelope (text/plain, CORS) and lists it for sysadmins', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/errors/api/1/envelope/?sentry_key=localdev&sentry_version=7',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://localhost:5173' },
      payload: envelope('abc123'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.json().data).toEqual({ id: 'abc123', stored: 1 });
    const list = await app.inject({
      url: '/errors/v1/events',
      headers: bearer(await tokenFor(app, 'sysadmin')),
    });
    expect(list.json().data.results[0]).toMatchObject({
      eventId: 'abc123',
      level: 'error',
      message: "TypeError: Cannot read properties of undefined (reading 'name')",
      tags: { portal: 'org' },
      requestUrl: 'http://localhost:5173/offerings',
    });
    expect(
      (
        await app.inject({
          url: '/errors/v1/events',
          headers: bearer(await tokenFor(app, 'owner')),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('rejects something that is not an envelope with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/errors/api/1/envelope/?sentry_key=localdev',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
