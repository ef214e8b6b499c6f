import { test as plainTest, type Page } from '@playwright/test';
import { accounts, DEMO_PASSWORD, ORG_PORTAL, signIn, SITE_PORTAL, STACK } from './support/auth';
import { accessToken, sinkEvents } from './support/sink';
import { expect, test } from './support/test';

/**
 * Issue 11 in the browser, against the built portals (vite preview, the CSP of scripts/csp.ts)
 * and the real local stack: the CSP headers, callback hardening, open redirects and sign-out
 * across tabs. The base fixture fails any test whose pages break the enforced CSP or throw.
 */

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name.toLowerCase(), values] as const;
      }),
  );

/** The sign-in page of the identity provider: fill it and submit. */
async function submitSignIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const callbackParamsOf = (url: string) => {
  const u = new URL(url);
  const hash = new URLSearchParams(u.hash.replace(/^#/, ''));
  return ['code', 'state', 'session_state', 'iss'].filter(
    (p) => u.searchParams.has(p) || hash.has(p),
  );
};

test.describe('Content-Security-Policy of the built portals', () => {
  for (const portal of [ORG_PORTAL, SITE_PORTAL]) {
    test(`${portal} serves the CSP of scripts/csp.ts on pages and deep links`, async ({
      request,
    }) => {
      for (const path of ['/', '/dashboard', '/users?page=2']) {
        const res = await request.get(portal + path, { headers: { accept: 'text/html' } });
        expect(res.status(), path).toBe(200);
        const headers = res.headers();
        const csp = directives(headers['content-security-policy'] ?? '');
        expect(csp.get('script-src'), path).toEqual(["'self'"]);
        expect(csp.get('object-src'), path).toEqual(["'none'"]);
        expect(csp.get('base-uri'), path).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors'), path).toEqual(["'self'"]);
        expect(csp.get('default-src'), path).toEqual(["'self'"]);
        // Network only to the portal itself and the configured backends (the local stack).
        const connect = csp.get('connect-src') ?? [];
        expect(connect.length, path).toBeGreaterThan(0);
        for (const source of connect) {
          expect(["'self'", new URL(STACK).origin], `connect-src ${source}`).toContain(source);
        }
        for (const directive of ['script-src', 'default-src']) {
          expect((csp.get(directive) ?? []).join(' '), directive).not.toMatch(
            /unsafe-inline|unsafe-eval|\*|data:/,
          );
        }
        // Trusted Types, enforced.
        expect(csp.get('require-trusted-types-for'), path).toEqual(["'script'"]);
        expect(headers['x-content-type-options'], path).toBe('nosniff');
        // The built HTML carries no inline script the CSP would have to allow.
        const html = await res.text();
        for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
          expect(tag, 'every script is an external file').toMatch(/\ssrc=/);
        }
        expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      }
    });
  }

  test('the portal runs under its CSP with no violation while signed in', async ({ page }) => {
    // The fixture fails the test on any enforced-CSP console error or uncaught page error.
    await signIn(page, 'owner', { path: '/offerings' });
    await expect(page.getByRole('main')).toBeVisible();
    await page.goto(`${SITE_PORTAL}/`);
    await expect(page.getByRole('main')).toBeVisible();
  });
});

test.describe('sign-in callback hardening', () => {
  test('a forged ?code=&state= on a deep link: no crash, the URL cleaned, sign-in offered', async ({
    page,
  }) => {
    await page.goto(`${ORG_PORTAL}/offerings/product/7?code=forged-code&state=forged-state&tab=2`);
    await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
    await expect.poll(() => callbackParamsOf(page.url())).toEqual([]);
    expect(new URL(page.url()).origin).toBe(ORG_PORTAL);
    // Nothing of the forged values stayed in the page or its session storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain('forged-code');
  });

  test('a forged callback in the hash and an error callback are handled the same way', async ({
    page,
  }) => {
    for (const url of [
      `${SITE_PORTAL}/blasts-shared/3#code=forged-code&state=forged-state`,
      `${ORG_PORTAL}/signin-oidc?error=access_denied&state=forged-state`,
    ]) {
      await page.goto(url);
      await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
      await expect.poll(() => callbackParamsOf(page.url())).toEqual([]);
    }
  });

  test('a replayed callback URL: no crash, cleaned, the session kept or sign-in offered', async ({
    page,
    browser,
  }) => {
    // The callback URL as the provider sent the browser to it (the portal then cleans it with
    // replaceState): the Location of the provider's last redirect.
    const seen: string[] = [];
    page.on('response', (r) => {
      const location = r.headers()['location'];
      if (location) seen.push(new URL(location, r.url()).href);
    });
    page.on('request', (r) => seen.push(r.url()));
    await signIn(page, 'developer', { path: '/licences', viaPortal: true });
    const callbackUrl =
      seen.find((u) => u.startsWith(`${ORG_PORTAL}/signin-oidc?`) && u.includes('code=')) ??
      `missing: ${seen.filter((u) => u.includes('5173')).join(' ')}`;
    expect(callbackParamsOf(callbackUrl)).toEqual(expect.arrayContaining(['code', 'state']));
    expect(callbackParamsOf(page.url())).toEqual([]);

    // Replayed in the same tab (the code is spent): the URL is cleaned, nothing crashes, and the
    // signed-in user is either still in the app or offered sign-in again.
    await page.goto(callbackUrl);
    await expect.poll(() => callbackParamsOf(page.url())).toEqual([]);
    await expect(page.getByRole('button', { name: /Sign in|account menu/ }).first()).toBeVisible();

    // Replayed in another browser (no state stored there): refused, cleaned, sign-in offered.
    const other = await browser.newContext();
    try {
      const stranger = await other.newPage();
      const problems: string[] = [];
      stranger.on('pageerror', (e) => problems.push(e.message));
      await stranger.goto(callbackUrl);
      await expect(stranger.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
      await expect.poll(() => callbackParamsOf(stranger.url())).toEqual([]);
      // Not signed in as the developer there.
      await expect(stranger.getByText(accounts.developer)).toHaveCount(0);
      expect(problems).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

test.describe('open redirects', () => {
  // Paths end without a file extension: the preview server answers '*.example' as a missing file.
  const EVIL = ['//evil.example/', '/\\evil.example/', '/%09/evil.example/', 'javascript:alert(1)'];

  test('getStarted sends only a same-origin returnUrl to the identity provider', async ({
    page,
  }) => {
    // One tab, one entry after the other (closing a tab mid-redirect could hang Chromium).
    for (const path of EVIL) {
      const login = page.waitForRequest((r) =>
        r.url().startsWith(`${STACK}/identity/Account/Login`),
      );
      // Built by hand: page.goto would normalise some of these before the portal sees them.
      await page.goto(`${ORG_PORTAL}/${path.replace(/^\//, '')}?getStarted=5`).catch(() => null);
      const returnUrl = new URL((await login).url()).searchParams.get('returnUrl') ?? '';
      const target = new URL(returnUrl);
      expect(target.origin, `${path} → ${returnUrl}`).toBe(ORG_PORTAL);
      expect(target.pathname, `${path} → ${returnUrl}`).not.toMatch(/^\/\/|^\/\\/);
      expect(target.host).not.toBe('evil.example');
    }
  });

  test('getStarted with a hostile path lands back on a same-origin page after sign-in', async ({
    page,
  }) => {
    await page.goto(`${ORG_PORTAL}//evil.example/?getStarted=5`);
    await page.waitForURL((url) => url.origin === STACK);
    await submitSignIn(page, accounts.support);
    await page.waitForURL((url) => url.origin === ORG_PORTAL);
    await expect(page.getByRole('main')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(ORG_PORTAL);
  });

  for (const stored of [...EVIL, 'https://evil.example/x', 'http:evil.example', '']) {
    test(`a stored lastRoute of ${JSON.stringify(stored)} restores a same-origin page`, async ({
      page,
    }) => {
      // Planted on the callback page itself, just before the portal reads it.
      await page.addInitScript((value) => {
        if (window.location.pathname.toLowerCase() === '/signin-oidc') {
          sessionStorage.setItem('lastRoute', JSON.stringify(value));
        }
      }, stored);
      await page.goto(`${ORG_PORTAL}/issued-licences`);
      await page.waitForURL((url) => url.origin === STACK);
      await submitSignIn(page, accounts.manager);
      await page.waitForURL(
        (url) => url.origin !== STACK && url.pathname.toLowerCase() !== '/signin-oidc',
      );
      await expect(page.getByRole('main')).toBeVisible();
      const landed = new URL(page.url());
      expect(landed.origin).toBe(ORG_PORTAL);
      expect(landed.pathname).not.toMatch(/^\/\/|^\/\\|evil\.example/);
    });
  }
});

// The plain Playwright test: the refusals this test provokes on purpose are logged by Chromium,
// which the base fixture would count as violations.
plainTest(
  'Trusted Types are enforced: strings are refused at DOM XSS sinks, eval and new Function',
  async ({ page }) => {
    await signIn(page, 'sysadmin', { path: '/users' });
    // In a task of the page's own: code run by page.evaluate itself may eval (DevTools rule).
    const outcomes = await page.evaluate(
      () =>
        new Promise<Record<string, string>>((resolve) => {
          setTimeout(() => {
            const attempt = (f: () => unknown) => {
              try {
                f();
                return 'allowed';
              } catch (error) {
                return error instanceof Error ? error.message : String(error);
              }
            };
            resolve({
              innerHTML: attempt(() => {
                document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>';
              }),
              scriptSrc: attempt(() => {
                document.createElement('script').src = '/assets/x.js';
              }),
              evalString: attempt(() => (0, eval)('1 + 1')),
              newFunction: attempt(() => new Function('return 1')()),
            });
          }, 0);
        }),
    );
    expect(outcomes.innerHTML).toContain("requires 'TrustedHTML' assignment");
    expect(outcomes.scriptSrc).toContain("requires 'TrustedScriptURL' assignment");
    expect(outcomes.evalString).toMatch(/EvalError|unsafe-eval|Trusted/i);
    expect(outcomes.newFunction).toMatch(/EvalError|unsafe-eval|Trusted/i);
  },
);

test.describe('render errors', () => {
  test('a screen that cannot render shows the error screen inside a working shell, and is reported', async ({
    page,
    request,
  }) => {
    await signIn(page, 'sysadmin', { path: '/dashboard' });
    const token = await accessToken(page);
    const startedAt = new Date().toISOString();
    // The page has loaded what it loads when idle (the toasts; the error reporter, whose SDK
    // marks the window once evaluated, its other chunk asked beside it): a busy machine once
    // reached the deploy below before that, and the toasts' chunk vanished too.
    await page.getByRole('region', { name: /^Notifications/ }).waitFor({ state: 'attached' });
    await page.waitForFunction(() => '__SENTRY__' in window);
    // After a deploy, a host with an SPA fallback answers a vanished chunk with the index page:
    // the Users screen's code cannot be evaluated, so rendering it throws (React.lazy).
    const chunks = /\/assets\/[^/]+\.js$/;
    await page.route(chunks, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html><body><div id="root"></div></body></html>',
      }),
    );
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(`${ORG_PORTAL}/users`);

    // SPEC §2: title 'Something has gone wrong', the message, 'Go back home'; not a white screen.
    const screen = page.getByRole('alert').filter({ hasText: 'Something has gone wrong' });
    await expect(screen.getByRole('heading', { name: 'Something has gone wrong' })).toBeVisible();
    await expect(screen).toContainText('dynamically imported module');
    await expect(screen.getByRole('link', { name: 'Go back home' })).toBeVisible();
    await expect(page).toHaveTitle(/^Something has gone wrong/);
    // Inside the shell: the top bar and the sidebar are still there and work.
    await expect(nav).toBeVisible();
    const menu = page.getByRole('button', { name: /account menu/ });
    await menu.click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await menu.click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();

    // Reported to the error sink, with the route boundary's level.
    await expect
      .poll(
        async () =>
          (await sinkEvents(request, token, 'dynamically imported module')).filter(
            (e) => e.receivedAt >= startedAt,
          ).length,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const raw = (await sinkEvents(request, token, 'dynamically imported module'))
      .filter((e) => e.receivedAt >= startedAt)
      .map((e) => e.raw)
      .join('\n');
    expect(raw).toMatch(/"level\\?":\s*\\?"route/);
    expect(raw).not.toContain(token);

    // The sidebar leads to a working page, and the error clears on navigation.
    await page.unroute(chunks);
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Something has gone wrong')).toHaveCount(0);

    // Once more on another screen; then 'Go back home' loads the landing page afresh, after
    // which both screens render.
    await page.route(chunks, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html>' }),
    );
    await nav.getByRole('link', { name: 'Licences', exact: true }).click();
    await expect(screen.getByRole('heading', { name: 'Something has gone wrong' })).toBeVisible();
    await page.unroute(chunks);
    await screen.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(`${ORG_PORTAL}/`);
    await expect(
      page.getByRole('heading', { name: 'Organization Portal', level: 1 }),
    ).toBeVisible();
    for (const name of ['Users', 'Licences']) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByText('Something has gone wrong')).toHaveCount(0);
    }
  });
});
