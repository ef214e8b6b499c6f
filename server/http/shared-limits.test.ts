import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { bearer, createTestCluster, tokenFor } from '../test/harness';
import { formBody, startAuthorization } from '../test/oidc';

/**
 * Issue 19, "Several stack processes, one database": the limits count in the database, so two
 * processes on one database (here two apps on one database copy) count together. The cluster
 * test (server/resilience/cluster.test.ts) shows the same with real processes behind the proxy.
 */
let apps: App[];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ apps, close } = await createTestCluster(2, { rateLimitMax: 4, signInMaxFailures: 3 }));
});
afterAll(async () => {
  await close();
});

describe('limits shared by the processes of a cluster', () => {
  it('the request limit counts requests to either process against one limit', async () => {
    const [a, b] = apps as [App, App];
    const headers = bearer(await tokenFor(a, 'owner'));
    const get = (app: App, ip = '10.3.3.3') =>
      app.inject({ url: '/crm/v1/users/getdefaultavatar', headers, remoteAddress: ip });
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await get(app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
    // The fifth request of the window, whichever process answers it.
    const limited = await get(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests/);
    expect((await get(a)).statusCode).toBe(429);
    // Another client still has its own count.
    expect((await get(a, '10.3.3.4')).statusCode).toBe(200);
  });

  it('sign-in failures on one process block the next attempt on the other', async () => {
    const [a, b] = apps as [App, App];
    const { jar, interaction } = await startAuthorization(a);
    const login = (app: App, password: string) =>
      app.inject({
        method: 'POST',
        url: `${interaction}/login`,
        remoteAddress: '10.4.4.4',
        payload: formBody({ email: 'support@example.com', password }),
        headers: {
          host: 'localhost:4000',
          cookie: jar.header(),
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
    for (const app of [a, b, a]) expect((await login(app, 'wrong')).statusCode).toBe(401);
    const blocked = await login(b, 'demo');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Too many sign-in attempts. Try again in 15 minutes.');
  });
});
