import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request, type BrowserContext, type Page } from '@playwright/test';
import { User, type IdTokenClaims } from 'oidc-client-ts';
import { OIDC_SCOPE, PORTAL_CLIENTS } from '../../src/contract/identity/oidc';
import { storedUserKeyOf } from '../../src/core/auth/stored-user-key';

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

/** A cookie as Playwright reads it (and a saved browser state holds it). */
type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

/**
 * This worker's latest provider cookies per account. The provider gives its session a new id
 * when it completes an authorization: the cookies saved by e2e/sessions.setup.ts serve one
 * sign-in, after which they meet the sign-in form. Each sign-in keeps the cookies it ended with
 * for the worker's next test of that account.
 */
const providerCookies = new Map<Account, Cookie[]>();

async function cookiesOf(account: Account): Promise<Cookie[]> {
  const kept = providerCookies.get(account);
  if (kept) return kept;
  try {
    const state = JSON.parse(await readFile(sessionFile(account), 'utf8')) as {
      cookies?: Cookie[];
    };
    return state.cookies ?? [];
  } catch {
    return []; // no saved session (a spec run without its setup): the provider's form signs in
  }
}

/** The provider's sign-in form: fill it and submit. */
export async function submitSignInForm(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Email').fill(accounts[account]);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const AUTHORITY = `${STACK}/identity`;
/** The client ids the build of .env.development names. */
const clientIdOf = (portal: string) =>
  portal === SITE_PORTAL ? PORTAL_CLIENTS.site : PORTAL_CLIENTS.org;
const storedUserKey = (portal: string) => storedUserKeyOf(AUTHORITY, clientIdOf(portal));
/** Claims oidc-client-ts leaves out of a user's profile (its default `filterProtocolClaims`). */
const PROTOCOL_CLAIMS = ['nbf', 'jti', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash'];

/** The `action` of the first form of a page of the provider (its sign-in form). */
function formActionOf(html: string, page: string): string {
  const action = /<form\b[^>]*\baction="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`No form on the provider's page ${page}`);
  return new URL(action.replaceAll('&amp;', '&'), page).toString();
}

/**
 * The portal's authorization code flow (PKCE, S256), run from the test with the account's
 * provider session: the real provider issues real tokens, which are stored as the portal's
 * sign-in library stores them (its own User record). Resolves to undefined when the provider
 * asks for the password (the session ended, or another worker's sign-in renewed its id first),
 * unless `password` is set: then the provider's sign-in form is posted as the browser posts it
 * (its own action, the email and the password), starting from no provider session.
 */
async function tokensFromProvider(
  account: Account,
  portal: string,
  { password = false }: { password?: boolean } = {},
) {
  const api = await request.newContext({
    storageState: { cookies: password ? [] : await cookiesOf(account), origins: [] },
  });
  try {
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = `${portal}/signin-oidc`;
    let url = `${AUTHORITY}/auth?${new URLSearchParams({
      client_id: clientIdOf(portal),
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: OIDC_SCOPE,
      state: randomBytes(16).toString('base64url'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString()}`;
    // The provider's redirects (its interaction, granted at once for a first-party client).
    let formPosted = false;
    for (let hop = 0; !url.startsWith(`${redirectUri}?`); hop += 1) {
      let answer = await api.get(url, { maxRedirects: 0 });
      if (!answer.headers()['location'] && password && !formPosted) {
        formPosted = true;
        answer = await api.post(formActionOf(await answer.text(), url), {
          form: { email: accounts[account], password: DEMO_PASSWORD },
          maxRedirects: 0,
        });
      }
      const location = answer.headers()['location'];
      if (!location) {
        if (!password) return undefined; // a page: the sign-in form
        throw new Error(`The provider did not sign ${account} in: ${String(answer.status())}`);
      }
      if (hop === 10) throw new Error(`The provider kept redirecting: ${url}`);
      url = new URL(location, url).toString();
    }
    const back = new URL(url).searchParams;
    const code = back.get('code');
    if (!code) throw new Error(`The provider's answer has no code: ${url}`);
    const answer = await api.post(`${AUTHORITY}/token`, {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: clientIdOf(portal),
        code_verifier: verifier,
      },
    });
    if (!answer.ok())
      throw new Error(`The token request failed: ${answer.status()} ${await answer.text()}`);
    const tokens = (await answer.json()) as {
      access_token: string;
      id_token: string;
      refresh_token: string;
      token_type: string;
      scope: string;
      expires_in: number;
    };
    const claims = JSON.parse(
      Buffer.from(tokens.id_token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const profile = Object.fromEntries(
      Object.entries(claims).filter(([claim]) => !PROTOCOL_CLAIMS.includes(claim)),
    ) as unknown as IdTokenClaims;
    const user = new User({
      ...tokens,
      session_state: back.get('session_state'),
      profile,
      expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
    });
    const { cookies } = await api.storageState();
    return { stored: user.toStorageString(), cookies };
  } finally {
    await api.dispose();
  }
}

/**
 * Signs the account in at the provider with its password, through the provider's sign-in form
 * posted without a browser, and checks the tokens it issues name the account: the provider's
 * session cookies, for e2e/sessions.setup.ts.
 */
export async function providerSession(account: Account): Promise<Cookie[]> {
  const issued = await tokensFromProvider(account, ORG_PORTAL, { password: true });
  if (!issued) throw new Error(`No provider session for ${account}`);
  const { profile } = User.fromStorageString(issued.stored);
  if (profile.email !== accounts[account]) {
    throw new Error(`The provider signed in ${String(profile.email)}, not ${accounts[account]}`);
  }
  return issued.cookies;
}

/**
 * Signs in for real and opens `path` (default /dashboard) of the portal with its signed-in shell.
 *
 * The portals keep their tokens in session storage (SPEC §3), which no saved browser state
 * carries; the provider's session is a cookie, which one does. By default the test runs the
 * portal's authorization code flow itself with the account's provider session, puts the user
 * record in the tab's session storage as the portal's sign-in library would, then opens the
 * page once: one load of the portal instead of three (the page that redirects, the provider's
 * form, the callback). The portal's own redirect and callback are covered where they are the
 * subject (`viaPortal: true`, `form: true`, `landed`: e2e/session.spec.ts and
 * e2e/security.spec.ts).
 *
 * `viaPortal: true` goes the browser's way: the guarded page redirects to the provider, which
 * answers from the account's provider session (or shows its form, which is filled; `form: true`
 * always asks for it), and the portal's callback lands back on `path` (lastRoute restored;
 * `landed` says where instead, and takes the browser's way too).
 */
export async function signIn(
  page: Page,
  account: Account,
  options: {
    portal?: string;
    path?: string;
    form?: boolean;
    /** Through the portal's own redirect and callback (the provider's session, no form). */
    viaPortal?: boolean;
    /** Where the portal lands after the callback (default: on `path` itself). */
    landed?: (url: URL) => boolean;
  } = {},
): Promise<void> {
  const portal = options.portal ?? ORG_PORTAL;
  const path = options.path ?? '/dashboard';
  const context = page.context();
  const shell = page.getByRole('navigation', { name: 'Main navigation' });
  const viaPortal = options.form || options.viaPortal || options.landed;
  const issued = !viaPortal && (await tokensFromProvider(account, portal));
  if (issued) {
    providerCookies.set(account, issued.cookies);
    await context.addCookies(issued.cookies);
    // The portal's origin, without loading the portal, to write its session storage.
    await page.goto(`${portal}/favicon.svg`);
    await page.evaluate(({ key, value }) => sessionStorage.setItem(key, value), {
      key: storedUserKey(portal),
      value: issued.stored,
    });
    const redirected: string[] = [];
    const watch = (r: { url(): string }) => {
      if (r.url().startsWith(`${AUTHORITY}/auth`)) redirected.push(r.url());
    };
    page.on('request', watch);
    await page.goto(portal + path);
    await shell.waitFor();
    page.off('request', watch);
    if (redirected.length > 0) {
      throw new Error('The portal did not take the stored user: it asked the provider again.');
    }
    return;
  }
  if (!options.form) await context.addCookies(await cookiesOf(account));
  const providerForm = page.getByRole('heading', { name: 'Sign in', exact: true });
  // Two workers may start from the same saved session; when the other one's sign-in completes
  // first, the provider has given that session a new id, and this sign-in, begun under the old
  // one, ends on 'interaction session and authentication session mismatch' (a browser shares
  // no cookies with another: only the suite meets this). Its session is gone: the provider asks
  // for the password.
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
  providerCookies.set(account, await context.cookies(STACK));
}
