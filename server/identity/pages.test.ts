import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CookieJar } from '../test/harness';
import { useTestApp } from '../test/use-app';
import { providerGet, providerPost, signIn, startAuthorization, ORG_ORIGIN } from '../test/oidc';

/**
 * Issue 17: every page the identity service renders (sign-in, registration, sign-out, its
 * messages and errors) carries the portals' look (the stack's stylesheet) and their favicon,
 * under a CSP that lets exactly these in (no inline style, no script), and stays accessible
 * (lang, title, a heading, labelled fields).
 */
const app = useTestApp();

const STACK = 'http://localhost:4000';
const PORTAL_FAVICON = readFileSync(new URL('../../public/favicon.svg', import.meta.url));

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const tags = (html: string, name: string) =>
  html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];

/** The CSP's directives: name → sources. */
function directives(csp: string) {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** Whether the CSP lets the page load a resource of this kind from this address. */
function allows(csp: string, kind: 'style-src' | 'img-src', href: string) {
  const d = directives(csp);
  const sources = d.get(kind) ?? d.get('default-src') ?? [];
  const url = new URL(href, STACK);
  return sources.some(
    (s) =>
      (s === "'self'" && url.origin === STACK) ||
      s === url.origin ||
      s === `${url.origin}${url.pathname}`,
  );
}

/** What every identity page must be: the look, the favicon, the CSP, the basics of access. */
async function expectIdentityPage(res: LightMyRequestResponse, where: string) {
  expect(String(res.headers['content-type']), where).toMatch(/^text\/html/);
  const html = res.body;
  const csp = String(res.headers['content-security-policy']);
  expect(res.headers['cache-control'], where).toContain('no-store');

  // The look: the stack's stylesheet, linked and allowed; nothing inline the CSP would block.
  const sheets = tags(html, 'link').filter((t) => attr(t, 'rel') === 'stylesheet');
  expect(sheets, where).toHaveLength(1);
  const sheet = attr(sheets[0] ?? '', 'href') ?? '';
  expect(allows(csp, 'style-src', sheet), `${where}: ${csp} lets in ${sheet}`).toBe(true);
  expect(directives(csp).get('style-src') ?? [], where).not.toContain("'unsafe-inline'");
  expect(html, where).not.toMatch(/<style|\sstyle=/i);
  expect(html, where).not.toMatch(/<script|\son\w+=/i);
  const css = await app().inject({ url: sheet });
  expect(css.statusCode, sheet).toBe(200);
  expect(String(css.headers['content-type'])).toMatch(/^text\/css/);
  expect(css.body).toContain('.topbar');

  // The portals' favicon.
  const icons = tags(html, 'link').filter((t) => attr(t, 'rel') === 'icon');
  expect(icons, where).toHaveLength(1);
  const icon = attr(icons[0] ?? '', 'href') ?? '';
  expect(allows(csp, 'img-src', icon), `${where}: ${csp} lets in ${icon}`).toBe(true);
  const svg = await app().inject({ url: icon });
  expect(svg.statusCode, icon).toBe(200);
  expect(String(svg.headers['content-type'])).toMatch(/^image\/svg\+xml/);
  expect(svg.rawPayload.equals(PORTAL_FAVICON), 'the portals’ own favicon').toBe(true);

  // Accessible: language, a title, one heading, every field labelled, images described.
  expect(html, where).toMatch(/^<!doctype html><html lang="en">/i);
  expect(/<title>([^<]+)<\/title>/.exec(html)?.[1]?.trim(), where).toBeTruthy();
  expect(tags(html, 'h1'), where).toHaveLength(1);
  for (const input of tags(html, 'input').filter((t) => attr(t, 'type') !== 'hidden')) {
    const id = attr(input, 'id');
    expect(id && html.includes(`<label for="${id}">`), `${where}: label for ${input}`).toBe(true);
  }
  for (const img of tags(html, 'img')) expect(attr(img, 'alt'), `${where}: ${img}`).toBeDefined();
}

describe('the identity service’s pages', () => {
  it('sign-in, registration and their errors', async () => {
    const { jar, interaction } = await startAuthorization(app());
    await expectIdentityPage(await providerGet(app(), jar, interaction), 'sign-in');
    await expectIdentityPage(
      await providerGet(app(), jar, `${interaction}?view=register`),
      'register',
    );
    const wrong = await providerPost(app(), jar, `${interaction}/login`, {
      email: 'owner@example.com',
      password: 'wrong',
    });
    expect(wrong.body).toContain('Incorrect email or password.');
    await expectIdentityPage(wrong, 'sign-in refused');
    const invalid = await providerPost(app(), jar, `${interaction}/register`, {
      firstName: '',
      lastName: '',
      email: 'not an address',
      password: 'x',
      confirmPassword: 'y',
    });
    expect(invalid.statusCode).toBe(400);
    await expectIdentityPage(invalid, 'register refused');
    const sent = await providerPost(app(), jar, `${interaction}/register`, {
      firstName: 'Pat',
      lastName: 'Page',
      email: 'pat.page@example.com',
      password: 'a long enough password 1',
      confirmPassword: 'a long enough password 1',
    });
    expect(sent.body).toContain('Check your email');
    await expectIdentityPage(sent, 'check your email');
  });

  it('the sign-out confirmation and the signed-out page', async () => {
    const jar = new CookieJar();
    await signIn(app(), 'support@example.com', 'demo', jar);
    const confirm = await providerGet(app(), jar, '/identity/session/end');
    expect(confirm.body).toContain('Do you want to sign out of the portals?');
    await expectIdentityPage(confirm, 'sign-out confirmation');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    const done = await providerPost(app(), jar, '/identity/session/end/confirm', {
      xsrf,
      logout: 'yes',
    });
    const success = await providerGet(app(), jar, String(done.headers.location));
    expect(success.body).toContain('You have been signed out.');
    await expectIdentityPage(success, 'signed out');
  });

  it('the provider’s errors, an expired sign-in, a dead link and a refused request', async () => {
    const jar = new CookieJar();
    const unknownClient = await providerGet(
      app(),
      jar,
      `/identity/auth?client_id=nobody&response_type=code&redirect_uri=${encodeURIComponent(`${ORG_ORIGIN}/signin-oidc`)}`,
    );
    expect(unknownClient.statusCode).toBe(400);
    await expectIdentityPage(unknownClient, 'provider error');
    await expectIdentityPage(
      await providerGet(app(), jar, '/identity/interaction/no-such-sign-in'),
      'expired sign-in',
    );
    await expectIdentityPage(
      await providerGet(app(), jar, `/identity/Account/Verify?token=${'a'.repeat(43)}`),
      'dead link',
    );
    const { interaction } = await startAuthorization(app(), {}, jar);
    const tooLarge = await app().inject({
      method: 'POST',
      url: `${interaction}/login`,
      payload: `email=${'a'.repeat(20_000)}`,
      headers: {
        host: 'localhost:4000',
        cookie: jar.header(),
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(tooLarge.statusCode).toBe(413);
    await expectIdentityPage(tooLarge, 'refused request');
  });

  it('the development outbox shares the look', async () => {
    await expectIdentityPage(await app().inject({ url: '/dev/outbox' }), 'outbox');
  });

  it('serves the stylesheet and favicon cacheable for good (their address changes with them)', async () => {
    const { jar, interaction } = await startAuthorization(app());
    const html = (await providerGet(app(), jar, interaction)).body;
    const links = tags(html, 'link');
    expect(links.map((l) => attr(l, 'rel')).sort()).toEqual(['icon', 'stylesheet']);
    for (const link of links) {
      const href = attr(link, 'href') ?? '';
      expect(href).toMatch(/^\/identity\/assets\/[\w.-]+\?v=[0-9a-f]{12}$/);
      const res = await app().inject({ url: href });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
