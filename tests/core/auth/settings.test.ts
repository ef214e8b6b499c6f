import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '@/core/auth/routes';
import { getUserManager, oidcSettings } from '@/core/auth/settings';
import { hasStoredUser } from '@/core/auth/stored-user';
import { config } from '@/core/config';
import { server } from '../../msw/server';
import { revocationEndpoint, storeSignedInUser, tokenEndpoint } from './oidc-fixtures';

const origin = 'https://portal.example.test';

describe('sign-in library settings (SPEC §7, §9)', () => {
  it('asks for the scopes openid, crmApi, blastDataApi, IdentityServerApi, offline_access (and the profile and email the header shows)', () => {
    const scopes = (oidcSettings('org', origin).scope ?? '').split(' ');
    // SPEC §7's five scopes: without crmApi or blastDataApi the APIs refuse the token, without
    // offline_access there is no refresh token and the session ends at the first expiry.
    expect(scopes).toEqual(
      expect.arrayContaining([
        'openid',
        'crmApi',
        'blastDataApi',
        'IdentityServerApi',
        'offline_access',
      ]),
    );
    // The name and email claims of the signed-in user come from these two.
    expect(scopes).toEqual(expect.arrayContaining(['profile', 'email']));
    expect(scopes).toHaveLength(7);
  });

  it("uses SPEC §9's timings: silent request timeout 10 s, expiring notice 60 s, session check every 2 s, stale state 15 minutes", () => {
    const settings = oidcSettings('site', origin);
    expect(settings.silentRequestTimeoutInSeconds).toBe(10);
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
    expect(settings.checkSessionIntervalInSeconds).toBe(2);
    expect(settings.staleStateAgeInSeconds).toBe(15 * 60);
    expect(settings.monitorSession).toBe(true);
  });

  it("renews only through the portal's one refresh path, and takes the profile from the ID token", () => {
    const settings = getUserManager('org').settings;
    // The library's own renew timer beside core/auth's would present the same rotating refresh
    // token twice, and the provider then ends the session (tests/core/auth/session.test.ts).
    expect(settings.automaticSilentRenew).toBe(false);
    // The ID token carries the name and email the header shows: no userinfo request per sign-in.
    expect(settings.loadUserInfo).toBe(false);
  });

  it("uses the authorization-code flow with each portal's own client and callback addresses", () => {
    const org = oidcSettings('org', origin);
    const site = oidcSettings('site', origin);
    expect(org.response_type).toBe('code');
    expect(org.client_id).toBe(config.oidcClientIds.org);
    expect(site.client_id).toBe(config.oidcClientIds.site);
    expect(org.authority).toBe(config.oidcAuthority);
    expect(org.redirect_uri).toBe(`${origin}${authRoutes.signInOidc}`);
    expect(org.post_logout_redirect_uri).toBe(`${origin}${authRoutes.signOutCallbackOidc}`);
    expect(org.silent_redirect_uri).toBe(`${origin}${authRoutes.silentRenew}`);
  });
});

describe("the portal's own sign-in library keeps tokens in this tab only (SPEC §3)", () => {
  it('keeps the pending sign-in (its PKCE verifier) and the user in sessionStorage, never localStorage', async () => {
    sessionStorage.clear();
    localStorage.clear();
    // The settings themselves: a manager, once made, is kept for the page's lifetime.
    const { stateStore, userStore } = oidcSettings('site', origin);
    await stateStore?.set('pending', '{"code_verifier":"v"}');
    await userStore?.set('user', '{}');
    expect(Object.keys(sessionStorage).sort()).toEqual(['oidc.pending', 'oidc.user']);
    expect(Object.keys(localStorage)).toEqual([]);
    sessionStorage.clear();
  });

  it('a signed-in user is stored in sessionStorage, where a reload finds it, and never in localStorage', async () => {
    sessionStorage.clear();
    localStorage.clear();
    const manager = getUserManager('org');
    await storeSignedInUser(manager, { expiresIn: 3600 });
    expect(hasStoredUser('org')).toBe(true);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('oidc.'))).toEqual([]);
    // The same manager for the page's lifetime: the API client and the provider share its user.
    expect(getUserManager('org')).toBe(manager);
    await manager.removeUser();
  });

  it('signing out revokes the refresh token at the provider, and only it, before leaving', async () => {
    sessionStorage.clear();
    const revoked: Array<string | null> = [];
    server.use(
      http.get(`${config.oidcAuthority}/.well-known/openid-configuration`, () =>
        HttpResponse.json({
          issuer: config.oidcAuthority,
          authorization_endpoint: `${config.oidcAuthority}/auth`,
          token_endpoint: tokenEndpoint,
          revocation_endpoint: revocationEndpoint,
          end_session_endpoint: `${config.oidcAuthority}/session/end`,
        }),
      ),
      http.post(revocationEndpoint, async ({ request }) => {
        const form = new URLSearchParams(await request.text());
        revoked.push(form.get('token_type_hint'), form.get('token'));
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const manager = getUserManager('site');
    await storeSignedInUser(manager, { expiresIn: 3600, refreshToken: 'rt-sign-out' });
    // The library then leaves for the provider's end-session page (jsdom does not navigate).
    void manager.signoutRedirect();
    // Only the refresh token: the provider refuses to revoke its JWT access tokens, and that
    // refusal would stop the sign-out.
    await waitFor(() => expect(revoked).toEqual(['refresh_token', 'rt-sign-out']));
    await waitFor(async () => expect(await manager.getUser()).toBeNull());
  });
});
