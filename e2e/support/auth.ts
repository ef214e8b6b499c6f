import type { Page } from '@playwright/test';

export const ORG_PORTAL = 'http://localhost:5173';
export const SITE_PORTAL = 'http://localhost:5174';
export const STACK = 'http://localhost:4000';
export const DEMO_PASSWORD = 'demo';

/** The demo accounts of ARCHITECTURE.md. */
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
} as const;
export type Account = keyof typeof accounts;

/**
 * Signs in for real: opens a guarded page of the portal, which redirects to the identity
 * provider; fills its form; waits until the portal is back on that page (lastRoute restored)
 * with its signed-in shell. With an identity-provider session already in the browser context,
 * the provider answers without its form.
 */
export async function signIn(
  page: Page,
  account: Account,
  options: { portal?: string; path?: string } = {},
): Promise<void> {
  const portal = options.portal ?? ORG_PORTAL;
  const path = options.path ?? '/dashboard';
  const providerForm = page.getByRole('heading', { name: 'Sign in', exact: true });
  const shell = page.getByRole('navigation', { name: 'Main navigation' });
  await page.goto(portal + path);
  await providerForm.or(shell).first().waitFor();
  if (new URL(page.url()).origin === STACK) {
    await page.getByLabel('Email').fill(accounts[account]);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.waitForURL((url) => url.origin === portal && url.pathname === path);
  await shell.waitFor();
}
