import { afterEach, describe, expect, it } from 'vitest';
import { storedAccess, storedUserKey } from '@/core/auth';
import { tokenStore } from '@/core/storage';

/**
 * Issue 16: a page restoring a session reads the stored user's subject and access token without
 * the sign-in library, to ask for the user's organisations at boot; only while the token is good
 * for more than the refresh margin (60 s), else the library refreshes it first.
 */
const NOW = Date.UTC(2026, 10, 29, 12);
const store = (value: unknown) =>
  tokenStore().setItem(
    storedUserKey('org'),
    typeof value === 'string' ? value : JSON.stringify(value),
  );
const user = (overrides: Record<string, unknown> = {}) => ({
  access_token: 'token-1',
  expires_at: NOW / 1000 + 3600,
  profile: { sub: '7' },
  ...overrides,
});

describe('storedAccess', () => {
  afterEach(() => tokenStore().clear());

  it("answers the stored user's subject and token while the token is good", () => {
    store(user());
    expect(storedAccess('org', NOW)).toEqual({ sub: '7', accessToken: 'token-1' });
    expect(storedAccess('site', NOW)).toBeNull();
  });

  it('answers null for a token within the refresh margin, expired, or of unknown expiry', () => {
    store(user({ expires_at: NOW / 1000 + 61 }));
    expect(storedAccess('org', NOW)).not.toBeNull();
    for (const expiresAt of [NOW / 1000 + 60, NOW / 1000 - 10, undefined, '9999999999']) {
      store(user({ expires_at: expiresAt }));
      expect(storedAccess('org', NOW), String(expiresAt)).toBeNull();
    }
  });

  it('answers null when nothing is stored or what is stored is not a user', () => {
    expect(storedAccess('org', NOW)).toBeNull();
    for (const value of [
      '{not json',
      'null',
      '"a string"',
      user({ access_token: '' }),
      user({ access_token: undefined }),
      user({ profile: undefined }),
      user({ profile: { sub: 7 } }),
    ]) {
      store(value);
      expect(storedAccess('org', NOW), JSON.stringify(value)).toBeNull();
    }
  });
});
