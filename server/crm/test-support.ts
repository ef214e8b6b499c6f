import { beforeAll } from 'vitest';
import { ACTIVE_ACCOUNTS, bearer, tokenFor, type DemoAccount } from '../test/harness';
import { useTestApp } from '../test/use-app';

/**
 * The CRM tests' setup: a test file's own app on a fresh copy of the demo database, a token for
 * every demo account, and calls to /crm/v1 as one of them.
 */
export function crmTestApp() {
  const app = useTestApp();
  const tokens = new Map<DemoAccount, string>();
  beforeAll(async () => {
    for (const who of ACTIVE_ACCOUNTS) tokens.set(who, await tokenFor(app(), who));
  });
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
