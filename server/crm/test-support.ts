import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app';
import { bearer, createTestApp, tokenFor, type DemoAccount } from '../test/harness';

const ACCOUNTS: DemoAccount[] = [
  'sysadmin',
  'owner',
  'manager',
  'developer',
  'support',
  'submanager',
  'siteadmin',
  'siteuser',
];

/**
 * The CRM tests' setup: a test file's own app on a fresh copy of the demo database (started
 * before its tests, closed after them), a token for every demo account, and calls to /crm/v1 as
 * one of them.
 */
export function crmTestApp() {
  let current: App | undefined;
  const tokens = new Map<DemoAccount, string>();
  beforeAll(async () => {
    current = await createTestApp();
    for (const who of ACCOUNTS) tokens.set(who, await tokenFor(current, who));
  });
  afterAll(async () => {
    await current?.close();
  });
  const app = () => {
    if (!current) throw new Error('The app starts in beforeAll');
    return current;
  };
  const as = (who: DemoAccount) => bearer(tokens.get(who) ?? '');
  return {
    get app() {
      return app();
    },
    as,
    get: (who: DemoAccount, url: string) =>
      app().inject({ url: `/crm/v1${url}`, headers: as(who) }),
    send: (who: DemoAccount, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      app().inject({
        method,
        url: `/crm/v1${url}`,
        headers: as(who),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}
