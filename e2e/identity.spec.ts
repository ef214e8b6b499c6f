import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

/**
 * The identity service's own sign-in page, driven in the browser: a real authorization-code +
 * PKCE sign-in as the org portal does it. The redirect back to the portal is intercepted, so no
 * portal is needed; the code is exchanged at the token endpoint and the token used on the CRM.
 */
const STACK = 'http://localhost:4000';
const REDIRECT_URI = 'http://localhost:5173/signin-oidc';

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function authorizeUrl(challenge: string, state: string) {
  const qs = new URLSearchParams({
    client_id: 'org-portal',
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email crmApi blastDataApi IdentityServerApi offline_access',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${STACK}/identity/auth?${qs}`;
}

async function signInForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('owner@example.com signs in with authorization code + PKCE and reads the CRM', async ({
  page,
  request,
}) => {
  const { verifier, challenge } = pkce();
  // Anything the portal origin would serve is stubbed, so no portal (and none of its scripts) runs.
  // Playwright does not route requests reached by a redirect, so the callback itself is caught
  // with waitForRequest: its URL carries the code.
  await page.route('http://localhost:5173/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>portal callback</p>' }),
  );

  await page.goto(authorizeUrl(challenge, 'e2e-state'));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const callbackRequest = page.waitForRequest((r) => r.url().startsWith(REDIRECT_URI));
  await signInForm(page, 'owner@example.com', 'demo');
  const callback = (await callbackRequest).url();

  const back = new URL(String(callback));
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  expect(back.searchParams.get('state')).toBe('e2e-state');
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();

  const tokenRes = await request.post(`${STACK}/identity/token`, {
    form: {
      grant_type: 'authorization_code',
      client_id: 'org-portal',
      code: String(code),
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    },
  });
  expect(tokenRes.status()).toBe(200);
  const tokens = (await tokenRes.json()) as {
    access_token: string;
    refresh_token?: string;
    id_token: string;
  };
  expect(tokens.refresh_token).toBeTruthy();
  const claims = JSON.parse(
    Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString(),
  ) as Record<string, unknown>;
  expect(claims).toMatchObject({
    iss: `${STACK}/identity`,
    sub: '2',
    aud: 'portal-api',
    client_id: 'org-portal',
  });
  expect(String(claims.scope).split(' ')).toEqual(
    expect.arrayContaining(['crmApi', 'blastDataApi', 'IdentityServerApi']),
  );
  expect(claims.role).toBeUndefined();

  const meta = await request.get(`${STACK}/crm/v1/Orgs/GetUserMetadata`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  expect(meta.status()).toBe(200);
  const body = (await meta.json()) as {
    success: boolean;
    data: { orgsAndPermissions: Array<{ org: { name: string } }> };
  };
  expect(body.success).toBe(true);
  expect(body.data.orgsAndPermissions[0]?.org.name).toBe('Acme Mining');
});

test('a wrong password, an unknown address and an invited address without an account get the same message', async ({
  page,
}) => {
  await page.route('http://localhost:5173/**', (route) =>
    route.fulfill({ status: 200, body: 'unexpected' }),
  );

  for (const [email, password] of [
    ['manager@example.com', 'not-the-password'],
    ['nobody.here@example.com', 'demo'],
    ['pending@example.com', 'demo'],
  ] as const) {
    await page.goto(authorizeUrl(pkce().challenge, `same-${email}`));
    await signInForm(page, email, password);
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    expect(page.url()).toContain('/identity/interaction/');
  }
});
