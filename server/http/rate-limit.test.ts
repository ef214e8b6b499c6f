import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { bearer, createTestApp, tokenFor } from '../test/harness';

let app: App;
beforeAll(async () => {
  app = await createTestApp({ rateLimitMax: 5, rateLimitWindowMs: 60_000 });
});
afterAll(async () => {
  await app.close();
});

describe('general API rate limit', () => {
  it('answers 429 with Retry-After in the envelope once the limit is passed', async () => {
    const headers = bearer(await tokenFor(app, 'owner'));
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await app.inject({
            url: '/crm/v1/users/getdefaultavatar',
            headers,
            remoteAddress: '10.1.1.1',
          })
        ).statusCode,
      ).toBe(200);
    }
    const limited = await app.inject({
      url: '/crm/v1/users/getdefaultavatar',
      headers,
      remoteAddress: '10.1.1.1',
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, data: null });
    expect(limited.json().message).toMatch(/^Too many requests/);
    // The health check is not counted: a proxy asks it every second (docs/deployment.md).
    expect((await app.inject({ url: '/health', remoteAddress: '10.1.1.1' })).statusCode).toBe(200);
    // Another client is not affected.
    expect(
      (
        await app.inject({
          url: '/crm/v1/users/getdefaultavatar',
          headers,
          remoteAddress: '10.1.1.2',
        })
      ).statusCode,
    ).toBe(200);
  });
});
