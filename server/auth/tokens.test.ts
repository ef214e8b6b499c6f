import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app';
import { bearer, createTestApp, tamperedSignature, tokenFor } from '../test/harness';

// Verified tokens are remembered (docs/performance.md): the time checks must still apply.
let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('access token verification cache', () => {
  it('refuses a remembered token once it has expired', async () => {
    const token = await tokenFor(app, 'owner', { expiresIn: 60 });
    const call = () => app.inject({ url: '/crm/v1/Orgs/GetUserMetadata', headers: bearer(token) });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200); // now from the cache
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await call()).statusCode).toBe(401);
    await expect(app.services.verifyToken(token)).rejects.toThrow();
  });

  it('never answers a token with a changed signature from the cache', async () => {
    const token = await tokenFor(app, 'owner');
    expect((await app.services.verifyToken(token)).sub).toBe('2');
    const [head, body, sig] = token.split('.') as [string, string, string];
    const flipped = `${head}.${body}.${tamperedSignature(sig)}`;
    await expect(app.services.verifyToken(flipped)).rejects.toThrow();
    const res = await app.inject({ url: '/crm/v1/Orgs/GetUserMetadata', headers: bearer(flipped) });
    expect(res.statusCode).toBe(401);
  });

  it('answers the same claims for a remembered token, read-only', async () => {
    const token = await tokenFor(app, 'manager', { scope: 'crmApi' });
    const first = await app.services.verifyToken(token);
    const again = await app.services.verifyToken(token);
    expect(again).toEqual(first);
    expect(again).toMatchObject({ sub: '3', scope: 'crmApi' });
    expect(Object.isFrozen(again)).toBe(true);
  });
});
