import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { test as setup } from '@playwright/test';
import { sessionFile, signIn, signInAccounts } from './support/auth';

/**
 * Signs each demo account in once, through the provider's form, and saves the browser state
 * (the provider's session cookies) for the specs: their signIn() then goes through the real
 * authorization code flow without typing the password again (e2e/support/auth.ts).
 */
for (const account of signInAccounts) {
  setup(`sign in ${account} once`, async ({ page }) => {
    await signIn(page, account, { form: true });
    const file = sessionFile(account);
    await mkdir(dirname(file), { recursive: true });
    await page.context().storageState({ path: file });
  });
}
