import { describe, expect, it } from 'vitest';
import {
  getStartedRedirectUrl,
  isSignInCallback,
  isSignOutCallback,
  withoutCallbackParams,
} from '@/core/auth';

const at = (pathname: string, search = '', hash = '') => ({
  pathname,
  search,
  hash,
  origin: 'http://localhost:5173',
});

describe('sign-in callback detection (SPEC §2)', () => {
  it.each([
    at('/signin-oidc', '?code=abc&state=xyz'),
    at('/signin-oidc', '?error=access_denied&state=xyz'),
    at('/offerings/product/3', '?code=abc&state=xyz'),
    at('/', '', '#code=abc&state=xyz'),
    at('/users', '', '#error=login_required&state=s1'),
  ])('is a callback: %o', (location) => {
    expect(isSignInCallback(location)).toBe(true);
  });

  it.each([
    at('/signin-oidc'),
    at('/offerings', '?code=abc'),
    at('/offerings', '?state=xyz'),
    at('/offerings', '?code=&state=xyz'),
    at('/offerings', '?error=x', '#state=y'),
    at('/signout-callback-oidc', '?error=x&state=y'),
  ])('is not a sign-in callback: %o', (location) => {
    expect(isSignInCallback(location)).toBe(false);
  });

  it('recognises the sign-out return', () => {
    expect(isSignOutCallback({ pathname: '/signout-callback-oidc' })).toBe(true);
    expect(isSignOutCallback({ pathname: '/signin-oidc' })).toBe(false);
  });

  it('cleans the authorization response out of the URL, keeping the rest', () => {
    expect(
      withoutCallbackParams(at('/users', '?page=2&code=a&state=b&session_state=c&iss=d')),
    ).toBe('/users?page=2');
    expect(withoutCallbackParams(at('/signin-oidc', '?code=a&state=b'))).toBe('/signin-oidc');
    expect(withoutCallbackParams(at('/x', '', '#error=e&error_description=d&state=s'))).toBe('/x');
    expect(
      withoutCallbackParams(
        at('/users', '?tab=2&error=access_denied&error_uri=https%3A%2F%2Fidp%2Fhelp&state=s'),
      ),
    ).toBe('/users?tab=2');
    expect(withoutCallbackParams(at('/x', '', '#section-2'))).toBe('/x#section-2');
    expect(withoutCallbackParams(at('/x', '', '#tab=2&code=a&state=b'))).toBe('/x#tab=2');
    // A bare flag beside the callback's parameters, or alone, stays as the page had it.
    expect(withoutCallbackParams(at('/x', '?debug', '#code=a&state=b'))).toBe('/x?debug');
    expect(withoutCallbackParams(at('/x'))).toBe('/x');
  });
});

describe('getStarted entry (SPEC §2)', () => {
  const authority = 'http://localhost:4000/identity';

  it('goes to the provider login with userId and the current address without its query', () => {
    const url = getStartedRedirectUrl(
      at('/subscription/register', '?getStarted=42&plan=gold'),
      authority,
    );
    expect(url).not.toBeNull();
    const parsed = new URL(url ?? '');
    expect(`${parsed.origin}${parsed.pathname}`).toBe(
      'http://localhost:4000/identity/Account/Login',
    );
    expect(parsed.searchParams.get('userId')).toBe('42');
    expect(parsed.searchParams.get('returnUrl')).toBe(
      'http://localhost:5173/subscription/register',
    );
  });

  it('does nothing without a usable getStarted value', () => {
    expect(getStartedRedirectUrl(at('/', '?other=1'), authority)).toBeNull();
    expect(getStartedRedirectUrl(at('/', '?getStarted='), authority)).toBeNull();
    expect(getStartedRedirectUrl(at('/', '?getStarted=%22%3E%3Cscript%3E'), authority)).toBeNull();
    // Only letters, digits, `_` and `-`, 1 to 64 of them: a bad character first or last too.
    expect(getStartedRedirectUrl(at('/', '?getStarted=%3C42'), authority)).toBeNull();
    expect(getStartedRedirectUrl(at('/', '?getStarted=42%3E'), authority)).toBeNull();
    expect(getStartedRedirectUrl(at('/', `?getStarted=${'a'.repeat(65)}`), authority)).toBeNull();
    expect(getStartedRedirectUrl(at('/', `?getStarted=${'a'.repeat(64)}`), authority)).toContain(
      `userId=${'a'.repeat(64)}&`,
    );
  });

  it('joins the login path to an authority written with trailing slashes', () => {
    expect(
      getStartedRedirectUrl(at('/register', '?getStarted=7'), 'https://id.example/identity//'),
    ).toBe(
      'https://id.example/identity/Account/Login?userId=7&returnUrl=http%3A%2F%2Flocalhost%3A5173%2Fregister',
    );
  });

  it('never sends a returnUrl to another origin', () => {
    const url = getStartedRedirectUrl(at('//evil.example/x', '?getStarted=1'), authority);
    expect(new URL(url ?? '').searchParams.get('returnUrl')).toBe('http://localhost:5173/');
  });
});
