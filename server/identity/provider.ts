import Provider, {
  errors,
  type Configuration,
  type KoaContextWithOIDC,
  type ClientMetadata,
} from 'oidc-provider';
import type { Services } from '../http/routes';
import type { StackKeys } from '../auth/keys';
import { API_SCOPES, OIDC_SCOPE, PORTAL_CLIENTS, PORTAL_SCOPES } from '@/contract/identity/oidc';
import { API_AUDIENCE, API_RESOURCE, GRANT_CLAIM } from '../auth/tokens';
import { createAdapterFactory } from './adapter';
import { htmlCsp } from '../http/security';
import { esc, logoutPage, messagePage } from './pages';
import { recordSignOut } from './audit';

/** Internal client of the getStarted flow (/identity/Account/Login); its codes are never redeemed. */
export const ACCOUNT_CLIENT_ID = 'identity-account';

const portalClient = (clientId: string, origin: string): ClientMetadata => ({
  client_id: clientId,
  client_name: clientId === PORTAL_CLIENTS.org ? 'Organization portal' : 'Site portal',
  token_endpoint_auth_method: 'none',
  application_type: 'web',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  redirect_uris: [`${origin}/signin-oidc`, `${origin}/silent-renew.html`],
  post_logout_redirect_uris: [`${origin}/signout-callback-oidc`, `${origin}/`],
  scope: OIDC_SCOPE,
});

interface AccountRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_sysadmin: boolean;
  email_verified_at: Date | null;
}

/** The provider's session cookie options (end_session clears it with the same ones). */
const SESSION_COOKIE = { httpOnly: true, sameSite: 'lax' } as const;
const PORTAL_CLIENT_IDS: readonly string[] = Object.values(PORTAL_CLIENTS);

export function createProvider(services: Services, keys: StackKeys) {
  const { db, config, issuer } = services;
  const origins = [config.portalOrigins.org, config.portalOrigins.site];
  const loadAccount = async (id: string) => {
    if (!/^\d{1,9}$/.test(id)) return undefined;
    const [row] = await db.query<AccountRow>(
      `select id, email, first_name, last_name, is_sysadmin, email_verified_at from users where id = $1 and status = 'active'`,
      [Number(id)],
    );
    return row;
  };
  const csp = htmlCsp(origins);
  const html = (ctx: KoaContextWithOIDC, body: string) => {
    ctx.type = 'html';
    ctx.set('Content-Security-Policy', csp);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };

  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    clients: [
      portalClient(PORTAL_CLIENTS.org, config.portalOrigins.org),
      portalClient(PORTAL_CLIENTS.site, config.portalOrigins.site),
      {
        client_id: ACCOUNT_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${issuer}/Account/LoginCallback`],
        scope: 'openid',
      },
    ],
    jwks: { keys: [keys.signingJwk as never] },
    cookies: { keys: keys.cookieKeys, long: SESSION_COOKIE },
    scopes: PORTAL_SCOPES,
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'name'],
      email: ['email', 'email_verified'],
    },
    // Put the profile claims in the ID token: the portals read given_name/family_name/email from it.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    extraParams: ['register', 'userId', 'returnUrl'],
    async findAccount(_ctx, id) {
      const row = await loadAccount(id);
      if (!row) return undefined;
      return {
        accountId: String(row.id),
        claims: () => ({
          sub: String(row.id),
          given_name: row.first_name ?? undefined,
          family_name: row.last_name ?? undefined,
          name: [row.first_name, row.last_name].filter(Boolean).join(' ') || undefined,
          email: row.email,
          // Only an address proven by a link sent to it (identity/accounts.ts, invitations.ts).
          email_verified: row.email_verified_at !== null,
        }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!accountId) return undefined;
      const row = await loadAccount(accountId);
      // One role: a string; several: a list; none: omitted. Only sysadmin exists today.
      const roles = row?.is_sysadmin ? ['sysadmin'] : [];
      // The grant behind the token: the API refuses the token once the grant is revoked (sign-out,
      // refresh-token reuse, revocation), not only when it expires (http/routes.ts authenticate).
      const grantId = 'grantId' in token ? token.grantId : undefined;
      return {
        ...(grantId ? { [GRANT_CLAIM]: grantId } : {}),
        ...(roles.length ? { role: roles.length === 1 ? roles[0] : roles } : {}),
      };
    },
    // Codes and refresh tokens live with the provider session that issued them, so ending the
    // session (end_session) revokes their grants too (oidc-provider otherwise keeps offline_access
    // grants past sign-out: persistsLogout).
    expiresWithSession: async () => true,
    // First-party clients: no consent screen; grant what was requested.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing && existing.accountId === session.accountId
          ? existing
          : new ctx.oidc.provider.Grant({
              clientId: client.clientId,
              accountId: session.accountId,
            });
      const requested = [...ctx.oidc.requestParamScopes];
      grant.addOIDCScope(requested.join(' '));
      const claims = [...ctx.oidc.requestParamClaims];
      if (claims.length) grant.addOIDCClaims(claims);
      for (const indicator of Object.keys(ctx.oidc.resourceServers ?? {})) {
        const apiScopes = requested.filter((s) => (API_SCOPES as readonly string[]).includes(s));
        if (apiScopes.length) grant.addResourceScope(indicator, apiScopes.join(' '));
      }
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    ttl: {
      AccessToken: config.accessTokenTtl,
      AuthorizationCode: 120,
      IdToken: 3600,
      RefreshToken: 14 * 24 * 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    interactions: {
      url: (_ctx, interaction) =>
        `${new URL(issuer).pathname.replace(/\/$/, '')}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          if (await signOutAtOnce(ctx)) return;
          html(ctx, logoutPage(form));
        },
        postLogoutSuccessSource: (ctx) =>
          html(ctx, messagePage('Signed out', 'You have been signed out.')),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== API_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES.join(' '),
            audience: API_AUDIENCE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: config.accessTokenTtl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    renderError: (ctx, out) => {
      html(
        ctx,
        messagePage(
          'Sign-in problem',
          `${out.error}${out.error_description ? `: ${out.error_description}` : ''}`,
          { href: `${config.portalOrigins.org}/`, text: 'Back to the portal' },
        ).replace('<h1>', `<h1 data-error="${esc(out.error)}">`),
      );
    },
  };
  /**
   * A portal's sign-out carries its ID token (id_token_hint): oidc-provider has verified its
   * signature, issuer and audience (a known client) and the post_logout_redirect_uri against that
   * client before asking for confirmation. When the hint is a portal's, names the account signed
   * in here and was issued during this sign-in (not before it: an old token of an earlier session
   * is no proof that this one's portal asks), that portal is signing its own user out (OIDC
   * RP-Initiated Logout §2: the question is owed only otherwise): end the session at once, as the
   * confirmation would. Anything else still asks.
   */
  async function signOutAtOnce(ctx: KoaContextWithOIDC): Promise<boolean> {
    const hint = ctx.oidc.entities.IdTokenHint as
      { payload?: { sub?: unknown; iat?: unknown } } | undefined;
    const client = ctx.oidc.entities.Client;
    const session = ctx.oidc.session;
    if (!hint || !client || !session || !PORTAL_CLIENT_IDS.includes(client.clientId)) return false;
    if (session.accountId) {
      if (hint.payload?.sub !== session.accountId) return false;
      const issuedAt = Number(hint.payload.iat);
      if (!(issuedAt >= Number(session.loginTs))) return false;
    }
    // No account signed in here (the session ended already): nothing to confirm either.
    await endSessionNow(ctx);
    return true;
  }

  /**
   * What the sign-out confirmation does (oidc-provider's end_session confirm with logout=yes):
   * every grant of the session revoked, session and cookie gone, then 303 to the registered
   * post_logout_redirect_uri (with state) the session's logout state holds, or the signed-out page.
   */
  async function endSessionNow(ctx: KoaContextWithOIDC) {
    const session = ctx.oidc.session;
    if (!session) throw new Error('end_session without a session');
    const { postLogoutRedirectUri, state } = (session.state ?? {}) as {
      postLogoutRedirectUri?: string;
      state?: string;
    };
    for (const { grantId } of Object.values(session.authorizations ?? {})) {
      if (grantId) await revokeGrant(ctx.oidc.provider, grantId);
    }
    await session.destroy();
    ctx.cookies.set(ctx.oidc.provider.cookieName('session'), null, SESSION_COOKIE);
    ctx.oidc.provider.emit('end_session.success', ctx);
    const target = new URL(postLogoutRedirectUri ?? ctx.oidc.urlFor('end_session_success'), issuer);
    if (postLogoutRedirectUri && state != null) target.searchParams.set('state', state);
    ctx.status = 303;
    ctx.redirect(target.href);
  }

  /**
   * oidc-provider ends a session without asking by answering a page whose inline script submits
   * the confirmation (end_session with no account signed in; another account signing in on top
   * of a session, before the sign-in resumes). The provider pages' CSP refuses that script: the
   * user would see a blank page. This is that form, with this session's secret.
   */
  function isAutoSubmittedConfirmation(ctx: KoaContextWithOIDC) {
    const secret = (ctx.oidc?.session?.state as { secret?: unknown } | undefined)?.secret;
    const body: unknown = ctx.body;
    return (
      ctx.status === 200 &&
      typeof secret === 'string' &&
      typeof body === 'string' &&
      body.includes(`action="${ctx.oidc.urlFor('end_session_confirm')}"`) &&
      body.includes(`name="xsrf" value="${secret}"`) &&
      body.includes('type="hidden" name="logout" value="yes"')
    );
  }

  const provider = new Provider(issuer, configuration);
  provider.proxy = false;
  // Sign-outs enter the audit trail. Every end of a session (oidc-provider's confirmation, ours
  // in endSessionNow) emits end_session.success, whose listener cannot wait: it notes the
  // account, and this outermost middleware records it before the answer goes.
  const signedOut = new WeakMap<object, string>();
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc.session?.accountId;
    if (accountId) signedOut.set(ctx, accountId);
  });
  provider.use(async (ctx, next) => {
    await next();
    const accountId = signedOut.get(ctx);
    const account = accountId ? await loadAccount(accountId) : undefined;
    if (account) await recordSignOut(db, account);
  });
  // OIDC Core §11 drops offline_access unless prompt=consent. The portals ask for offline_access
  // without a prompt; treat that as prompt=consent, which the first-party policy approves without
  // a screen, so the refresh token is issued. (prompt=none silent requests are left alone.)
  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/auth') {
      const q = ctx.query;
      if (
        typeof q.scope === 'string' &&
        q.scope.split(' ').includes('offline_access') &&
        q.prompt === undefined
      ) {
        const mount = new URL(issuer).pathname.replace(/\/$/, '');
        ctx.query = { ...q, prompt: 'consent' };
        // Keep the mount path derivable (oidc-provider compares originalUrl with url).
        (ctx.req as { originalUrl?: string }).originalUrl = `${mount}${ctx.url}`;
      }
    }
    await next();
  });
  // The auto-submitting confirmation (isAutoSubmittedConfirmation): do here what it would do.
  // With a portal's hint the user goes straight back to that portal; without one, to the
  // signed-out page; a sign-in as another account resumes as that account.
  provider.use(async (ctx, next) => {
    await next();
    const oidcCtx = ctx as KoaContextWithOIDC;
    if (isAutoSubmittedConfirmation(oidcCtx)) await endSessionNow(oidcCtx);
  });
  // RFC 7009 §2.2: a revocation answers 200 and the client ignores the body. oidc-provider sends
  // an empty text/plain one, which oidc-client-ts rejects (it accepts JSON or no Content-Type),
  // failing the portals' sign-out. Answer as IdentityServer does: 200, no body, no type.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.method === 'POST' && ctx.path === '/token/revocation' && ctx.status === 200) {
      ctx.body = null;
      ctx.status = 200;
    }
  });
  return provider;
}
export type OidcProvider = ReturnType<typeof createProvider>;

/** Revokes a grant and everything issued under it (as oidc-provider's own revocation does). */
export async function revokeGrant(provider: Provider, grantId: string) {
  await Promise.all([
    provider.AccessToken.revokeByGrantId(grantId),
    provider.RefreshToken.revokeByGrantId(grantId),
    provider.AuthorizationCode.revokeByGrantId(grantId),
  ]);
  const grant = await provider.Grant.find(grantId);
  await grant?.destroy();
}
