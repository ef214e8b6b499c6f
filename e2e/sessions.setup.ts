import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { test as setup } from '@playwright/test';
import { providerSession, sessionFile, signInAccounts } from './support/auth';

/**
 * Signs each demo account in once at the provider, through its sign-in form posted over HTTP
 * (no browser: the form itself is tested in e2e/identity.spec.ts and e2e/session.spec.ts), and
 * saves the provider's session cookies for the specs: their signIn() then goes through the real
 * authorization code flow without the password (e2e/support/auth.ts).
 */
for (const account of signInAccounts) {
  setup(`sign in ${account} once`, async () => {
    const file = sessionFile(account);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ cookies: await providerSession(account), origins: [] }));
  });
}
