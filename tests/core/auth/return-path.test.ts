import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAuthMachineryPath, restorePath, safeReturnPath } from '@/core/auth';

const ORIGIN = 'http://localhost:5173';
const NASTY = [
  '//evil.example',
  '/\\evil.example',
  '/%09/evil.example',
  'http:evil.example',
  'javascript:alert(1)',
  'https://evil.example',
  '',
  '\\\\evil.example',
  '/\t/evil.example',
  '/%2F/evil.example',
  '/%5Cevil.example',
  ' //evil.example',
  'JaVaScRiPt:alert(1)',
  '/%E0%A4%A',
  '///evil.example',
  'data:text/html,<script>alert(1)</script>',
];

/** What a browser would do with the path: stay on our origin? */
function staysHome(path: string): boolean {
  return new URL(path, ORIGIN).origin === ORIGIN;
}

describe('safeReturnPath', () => {
  it.each(NASTY)('rejects %j', (input) => {
    expect(safeReturnPath(input, '/fallback')).toBe('/fallback');
  });

  it.each([null, undefined, 42, {}, ['/x']])('rejects a non-string %j', (input) => {
    expect(safeReturnPath(input, '/fallback')).toBe('/fallback');
  });

  it.each([
    ['/offerings', '/offerings'],
    ['/offerings/product/7?tab=2#features', '/offerings/product/7?tab=2#features'],
    ['/org/3/users', '/org/3/users'],
    ['/subscription/register?offer=9', '/subscription/register?offer=9'],
  ])('keeps the same-origin path %j', (input, expected) => {
    expect(safeReturnPath(input, '/fallback')).toBe(expected);
  });

  it('property: whatever the input, the result is a same-origin path', () => {
    const nasty = fc.constantFrom(...NASTY);
    const prefixed = fc
      .tuple(
        fc.constantFrom('/', '//', '/\\', '\\', 'http:', 'https://', '/%09', '/%2f', ''),
        fc.string(),
      )
      .map(([a, b]) => a + b);
    const urlish = fc.webUrl().chain((u) => fc.constantFrom(u, u.replace(/^https?:/, ''), `/${u}`));
    fc.assert(
      fc.property(
        fc.oneof(
          nasty,
          prefixed,
          urlish,
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'grapheme-ascii' }),
        ),
        (input) => {
          const result = safeReturnPath(input, '/home');
          expect(result.startsWith('/')).toBe(true);
          expect(result.startsWith('//')).toBe(false);
          // eslint-disable-next-line no-control-regex
          expect(result).not.toMatch(/[\\\u0000-\u001f]/);
          expect(staysHome(result)).toBe(true);
          // Idempotent: a restored path restores to itself.
          expect(safeReturnPath(result, '/other')).toBe(result);
        },
      ),
      { numRuns: Number(process.env['FC_NUM_RUNS'] ?? 1000) },
    );
  }, 30_000);

  it('property: every nasty input gives the fallback', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NASTY),
        fc.constantFrom('/home', '/', '/dashboard'),
        (input, fallback) => {
          expect(safeReturnPath(input, fallback)).toBe(fallback);
        },
      ),
    );
  });
});

describe('restorePath (SPEC §2)', () => {
  it('once authenticated: the saved path, else the dashboard', () => {
    expect(restorePath({ stored: '/licences?page=2', authenticated: true, portal: 'org' })).toBe(
      '/licences?page=2',
    );
    expect(restorePath({ stored: undefined, authenticated: true, portal: 'org' })).toBe(
      '/dashboard',
    );
    expect(restorePath({ stored: '//evil.example', authenticated: true, portal: 'site' })).toBe(
      '/dashboard',
    );
    expect(
      restorePath({ stored: '/signin-oidc?code=1&state=2', authenticated: true, portal: 'org' }),
    ).toBe('/dashboard');
  });

  it('before authentication: only subscription-registration routes, else the home route', () => {
    expect(
      restorePath({ stored: '/subscription/register?x=1', authenticated: false, portal: 'org' }),
    ).toBe('/subscription/register?x=1');
    expect(
      restorePath({ stored: '/subscription/existing-reg', authenticated: false, portal: 'org' }),
    ).toBe('/subscription/existing-reg');
    expect(restorePath({ stored: '/licences', authenticated: false, portal: 'org' })).toBe('/home');
    expect(restorePath({ stored: '/blasts', authenticated: false, portal: 'site' })).toBe('/');
    expect(
      restorePath({
        stored: 'https://evil.example/subscription/register',
        authenticated: false,
        portal: 'org',
      }),
    ).toBe('/home');
  });

  it('never treats callback or account routes as a place to return to', () => {
    expect(isAuthMachineryPath('/signin-oidc?code=1')).toBe(true);
    expect(isAuthMachineryPath('/Account/Login')).toBe(true);
    expect(isAuthMachineryPath('/offerings')).toBe(false);
  });
});
