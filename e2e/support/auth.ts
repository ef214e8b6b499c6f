import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

export const ORG_PORTAL = 'http://localhost:5173';
export const SITE_PORTAL = 'http://localhost:5174';
export const STACK = 'http://localhost:4000';
export const DEMO_PASSWORD = 'demo';

/**
 * The demo accounts of ARCHITECTURE.md, and the e2e stack's large vendor (LARGE_VENDOR_LICENCES,
 * server/seed/scale.ts): owner of Zenith Licensing.
 */
export const accounts = {
  sysadmin: 'sysadmin@example.com',
  owner: 'owner@example.com',
  manager: 'manager@example.com',
  developer: 'developer@example.com',
  support: 'support@example.com',
  submanager: 'submanager@example.com',
  siteadmin: 'siteadmin@example.com',
  siteuser: 'siteuser@example.com',
  pending: 'pending@example.com',
  vendor: 'vendor@example.com',
} as const;
export type Account = keyof typeof accounts;

/** The accounts that can sign in (pending was invited and never activated). */
export const signInAccounts = (Object.keys(accounts) as Account[]).filter((a) => a !== 'pending');

/**
 * Where e2e/sessions.setup.ts saves each account's browser state after signing in once through
 * the provider's form: the provider's session cookies (Playwright storageState; git-ignored).
 */
export const sessionFile = (account: Account) => join('e2e', '.auth', `${account}.json`);

/**
 * The portals keep their tokens in session storage (SPEC §3), which a storage state does not
 * carry; the provider's session is a cookie, which it does. So a test reuses the account's
 * provider session, and the portal signs in through the provider without its form: a real
 * authorization code flow with fresh tokens for every test, no password typed again.
 */
const sessionOf = new WeakMap<BrowserContext, Account>();

async function useSavedSession(context: BrowserContext, account: Account): Promise<void> {
  if (sessionOf.get(context) === account) return;
  let state: { cookies?: Parameters<BrowserContext['addCookies']>[0] };
  try {
    state = JSON.parse(await readFile(sessionFile(account), 'utf8')) as typeof state;
  } catch {
    return; // no saved session (a spec run without its setup): the form below signs in
  }
  await context.addCookies(state.cookies ?? []);
  sessionOf.set(context, account);
}

/** The provider's sign-in form: fill it and submit. */
export async function submitSignInForm(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Email').fill(accounts[account]);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in for real: opens a guarded page of the portal, which redirects to the identity
 * provider; the provider answers at once from the account's saved session (or shows its form,
 * which is filled: `form: true`, or a session that ended); waits until the portal is back on
 * that page (lastRoute restored) with its signed-in shell.
 */
export async function signIn(
  page: Page,
  account: Account,
  options: {
    portal?: string;
    path?: string;
    form?: boolean;
    /** Where the portal lands after the callback (default: on `path` itself). */
    landed?: (url: URL) => boolean;
  } = {},
): Promise<void> {
  const portal = options.portal ?? ORG_PORTAL;
  const path = options.path ?? '/dashboard';
  if (!options.form) await useSavedSession(page.context(), account);
  const providerForm = page.getByRole('heading', { name: 'Sign in', exact: true });
  const shell = page.getByRole('navigation', { name: 'Main navigation' });
  // Two tests of one account start from the same saved session; the provider rotates a
  // session's id when a sign-in completes, so the other test's sign-in, begun under the old id,
  // ends on 'interaction session and authentication session mismatch' (a browser shares no
  // cookies with another: only the suite meets this). That test signs in again: its session is
  // gone, and the provider asks for the password.
  const sharedSessionRace = page.getByText(
    'interaction session and authentication session mismatch',
  );
  await page.goto(portal + path);
  await providerForm.or(shell).or(sharedSessionRace).first().waitFor();
  if (await sharedSessionRace.isVisible()) {
    await page.goto(portal + path);
    await providerForm.or(shell).first().waitFor();
  }
  if (new URL(page.url()).origin === STACK) await submitSignInForm(page, account);
  const landed = options.landed ?? ((url: URL) => url.pathname === path);
  await page.waitForURL((url) => url.origin === portal && landed(url));
  await shell.waitFor();
  sessionOf.set(page.context(), account);
}
