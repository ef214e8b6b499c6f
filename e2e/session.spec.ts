import type { Page, Request } from '@playwright/test';
import { ORG_PORTAL, signIn, SITE_PORTAL, STACK } from './support/auth';
import { chromiumArgs, findChromium } from './support/chromium';
import { expect, test, watchPageProblems } from './support/test';

/**
 * Issue 4, the session in the browser against the real identity provider (access tokens live
 * ACCESS_TOKEN_TTL=120 s in the e2e stack): sign-out in the tab (at once: issue 14) and in the
 * other tabs, and the silent renewal of an expired or refused access token.
 */

/** The oidc-client-ts user record this tab holds in sessionStorage, if any. */
async function storedUser(page: Page) {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as {
          access_token: string;
          refresh_token?: string;
          expires_at?: number;
        })
      : null;
  });
}

/** Rewrites this tab's stored user (the portal reads it on its next token use). */
async function editStoredUser(page: Page, edit: { expires_at?: number; access_token?: string }) {
  await page.evaluate((changes) => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    if (!key) throw new Error('no stored user');
    const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    sessionStorage.setItem(key, JSON.stringify({ ...user, ...changes }));
  }, edit);
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
}

const landing = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true });
/** The tokens the provider answered a refresh request with (it must have succeeded). */
async function renewedTokens(request: Request) {
  const response = await request.response();
  expect(response?.status()).toBe(200);
  return (await response?.json()) as { access_token: string; refresh_token?: string };
}
const isTokenRefresh = (body: string | null) =>
  new URLSearchParams(body ?? '').get('grant_type') === 'refresh_token';

const portals = [
  { name: 'organisation', origin: ORG_PORTAL, account: 'owner', path: '/users' },
  { name: 'site', origin: SITE_PORTAL, account: 'siteadmin', path: '/dashboard' },
] as const;

test('Sign in on the landing page while the provider cannot be reached says so; the next one goes through', async ({
  page,
}) => {
  await page.goto(`${ORG_PORTAL}/`);
  await expect(landing(page)).toBeVisible();
  const provider = `${STACK}/identity/**`;
  await page.route(provider, (route) => route.abort('connectionrefused'));
  await landing(page).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Sign-in failed. Please try again.',
  );
  await expect(landing(page)).toBeVisible();

  await page.unroute(provider);
  await landing(page).click();
  await page.waitForURL((url) => url.origin === STACK);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});

for (const portal of portals) {
  test(`Sign out of the ${portal.name} portal: at once, back on the landing page, signed out at the provider too`, async ({
    page,
  }) => {
    // Its own provider session: signing out revokes the grant, which other tests must not share.
    await signIn(page, portal.account, { portal: portal.origin, path: portal.path, form: true });
    const before = await storedUser(page);
    const endSession = page.waitForResponse((r) =>
      r.url().startsWith(`${STACK}/identity/session/end`),
    );
    await openUserMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();

    // No 'Do you want to sign out?' stop: the provider ends the session and sends the user back.
    expect((await endSession).status()).toBe(303);
    await page.waitForURL(`${portal.origin}/`);
    await expect(landing(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign out' })).toHaveCount(0);
    expect(await storedUser(page)).toBeNull();
    // The access token the tab held is refused at once.
    const api = await page.request.get(`${STACK}/crm/v1/Orgs/GetUserMetadata`, {
      headers: { authorization: `Bearer ${before?.access_token ?? ''}` },
    });
    expect(api.status()).toBe(401);

    // Signed out at the provider too: a guarded page asks for the password again.
    await page.goto(portal.origin + portal.path);
    await page.waitForURL((url) => url.origin === STACK);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  });
}

for (const portal of portals) {
  test(`Back after signing out of the ${portal.name} portal shows no signed-in page, back/forward cache on`, async ({
    playwright,
    pageProblems,
  }) => {
    test.setTimeout(60_000); // a browser of its own, and a sign-in through the form
    // A browser as users have it: Playwright's own turns the back/forward cache off, which
    // would restore nothing from memory and hide what a user sees on Back.
    const browser = await playwright.chromium.launch({
      executablePath: findChromium(),
      args: chromiumArgs,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const page = await browser.newPage();
      watchPageProblems(page, pageProblems);
      await signIn(page, portal.account, { portal: portal.origin, path: portal.path, form: true });
      const signedIn = page.getByRole('button', { name: /account menu/ });
      await expect(signedIn).toBeVisible();

      // One click: no 'Do you want to sign out?' page on the way to the signed-out landing.
      await openUserMenu(page);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${portal.origin}/`);
      await expect(landing(page)).toBeVisible();
      await expect(signedIn).toHaveCount(0);

      // Back: the page left signed in is not shown again; the portal finds no session and
      // sends the user to sign in.
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(STACK);
      await expect(signedIn).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });
}

test('Sign out in one tab signs the other tabs of the portal out', async ({ page, context }) => {
  // Its own provider session: signing out revokes the grant, which other tests must not share.
  await signIn(page, 'manager', { path: '/users', form: true });
  const other = await context.newPage();
  // Same browser: the provider's session signs the second tab in without the form.
  await signIn(other, 'manager', { path: '/offerings' });
  const otherRefreshToken = (await storedUser(other))?.refresh_token;
  expect(otherRefreshToken).toBeTruthy();

  await openUserMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The other tab drops its session at once and goes to the landing page.
  await other.waitForURL(`${ORG_PORTAL}/`);
  await expect(landing(other)).toBeVisible();
  expect(await storedUser(other)).toBeNull();
  // …and its refresh token no longer works at the provider.
  const refused = await other.request.post(`${STACK}/identity/token`, {
    form: {
      grant_type: 'refresh_token',
      client_id: 'org-portal',
      refresh_token: otherRefreshToken ?? '',
    },
  });
  expect(refused.status()).toBe(400);

  // The tab that signed out is back on the landing page, with no confirmation on the way.
  await page.waitForURL(`${ORG_PORTAL}/`);
  await expect(landing(page)).toBeVisible();
});

test('An expired access token is renewed silently before the next call', async ({ page }) => {
  await signIn(page, 'owner', { path: '/dashboard' });
  const before = await storedUser(page);
  // Listening first: a call the dashboard still has in flight may be the one that renews.
  const refresh = page.waitForRequest(
    (r) => r.url() === `${STACK}/identity/token` && isTokenRefresh(r.postData()),
  );
  await editStoredUser(page, { expires_at: Math.floor(Date.now() / 1000) - 5 });

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', {
      name: 'Users',
      exact: true,
    })
    .click();
  const renewed = await renewedTokens(await refresh);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('gridcell', { name: 'owner@example.com', exact: true }),
  ).toBeVisible();
  expect(new URL(page.url()).origin).toBe(ORG_PORTAL);
  // The dashboard loaded the users already: the list may show before the renewal is stored.
  await expect.poll(async () => (await storedUser(page))?.access_token).toBe(renewed.access_token);
  const after = await storedUser(page);
  expect(after?.access_token).not.toBe(before?.access_token);
  expect(after?.refresh_token).not.toBe(before?.refresh_token); // rotated
  expect(after?.expires_at ?? 0).toBeGreaterThan(Date.now() / 1000 + 60);
});

test('An access token the API refuses (401) is renewed once and the call retried', async ({
  page,
}) => {
  await signIn(page, 'owner', { path: '/dashboard' });
  const before = await storedUser(page);
  // Listening first: a call the dashboard still has in flight may be the one refused.
  const unauthorised: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) unauthorised.push(r.url());
  });
  const refresh = page.waitForRequest(
    (r) => r.url() === `${STACK}/identity/token` && isTokenRefresh(r.postData()),
  );
  // Still "valid" by its expiry, but no longer accepted by the services.
  await editStoredUser(page, { access_token: `${before?.access_token ?? ''}x` });

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', {
      name: 'Users',
      exact: true,
    })
    .click();
  const renewed = await renewedTokens(await refresh);
  await expect(
    page.getByRole('gridcell', { name: 'owner@example.com', exact: true }),
  ).toBeVisible();
  expect(unauthorised.length).toBeGreaterThan(0);
  await expect(page.getByText('Session expired, refreshing page.')).toHaveCount(0);
  await expect.poll(async () => (await storedUser(page))?.access_token).toBe(renewed.access_token);
  expect(renewed.access_token).not.toBe(before?.access_token);
});
