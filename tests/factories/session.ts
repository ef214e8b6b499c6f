import { InMemoryWebStorage, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { config, type Portal } from '@/core/config';

/** A signed-in test user (the identity claims SPEC §3 reads, and the role claim of §6). */
export interface TestUser {
  sub: string;
  givenName: string;
  familyName: string;
  email: string;
  /** The access token's role claim: a string, a list, or none. */
  role?: string | string[];
}

export function createTestUser(overrides: Partial<TestUser> = {}): TestUser {
  return {
    sub: '7',
    givenName: 'Ada',
    familyName: 'Lovelace',
    email: 'ada@example.com',
    ...overrides,
  };
}

/** A JWT-shaped token (unsigned: the client never verifies it; the server does). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const enc = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc(payload)}.c2lnbmF0dXJl`;
}

/**
 * A real oidc-client-ts UserManager over in-memory storage, with the provider metadata given
 * up front (no discovery request) and no session monitoring. Its redirects are replaced by
 * recorders, so a test can see that sign-in or sign-out started without leaving the page.
 */
export function createTestUserManager(portal: Portal = 'org') {
  const store = new WebStorageStateStore({ store: new InMemoryWebStorage() });
  const manager = new UserManager({
    authority: config.oidcAuthority,
    client_id: config.oidcClientIds[portal],
    redirect_uri: 'http://localhost:3000/signin-oidc',
    post_logout_redirect_uri: 'http://localhost:3000/signout-callback-oidc',
    response_type: 'code',
    scope: 'openid profile email crmApi offline_access',
    userStore: store,
    stateStore: store,
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    metadata: {
      issuer: config.oidcAuthority,
      authorization_endpoint: `${config.oidcAuthority}/auth`,
      token_endpoint: `${config.oidcAuthority}/token`,
      end_session_endpoint: `${config.oidcAuthority}/session/end`,
    },
  });
  const redirects: { signIn: unknown[]; signOut: unknown[] } = { signIn: [], signOut: [] };
  manager.signinRedirect = (args) => {
    redirects.signIn.push(args);
    return new Promise<void>(() => undefined); // a real redirect never comes back
  };
  manager.signoutRedirect = (args) => {
    redirects.signOut.push(args);
    return new Promise<void>(() => undefined);
  };
  return { manager, redirects };
}

/** Stores a signed-in user whose tokens are valid for an hour. */
export async function signInTestUser(manager: UserManager, user: TestUser): Promise<User> {
  const now = Math.floor(Date.now() / 1000);
  const oidcUser = new User({
    access_token: fakeJwt({ sub: user.sub, role: user.role, exp: now + 3600 }),
    refresh_token: 'test-refresh-token',
    token_type: 'Bearer',
    scope: 'openid profile email crmApi offline_access',
    profile: {
      sub: user.sub,
      iss: config.oidcAuthority,
      aud: manager.settings.client_id,
      exp: now + 3600,
      iat: now,
      given_name: user.givenName,
      family_name: user.familyName,
      email: user.email,
    },
    expires_at: now + 3600,
  });
  await manager.storeUser(oidcUser);
  return oidcUser;
}
