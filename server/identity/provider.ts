import Provider, {
  errors,
  type Configuration,
  type KoaContextWithOIDC,
  type ClientMetadata,
} from 'oidc-provider';
import type { Services } from '../http/routes';
import type { StackKeys } from '../auth/keys';
import { API_AUDIENCE, API_RESOURCE, API_SCOPES } from '../auth/tokens';
import { createAdapterFactory } from './adapter';
import { htmlCsp } from '../http/security';
import { esc, logoutPage, messagePage } from './pages';

export const PORTAL_CLIENTS = { org: 'org-portal', site: 'site-portal' } as const;
/** Internal client of the getStarted flow (/identity/Account/Login); its codes are never redeemed. */
export const ACCOUNT_CLIENT_ID = 'identity-account';
export const SCOPES = ['openid', 'profile', 'email', ...API_SCOPES, 'offline_access'];

const portalClient = (clientId: string, origin: string): ClientMetadata => ({
  client_id: clientId,
  client_name: clientId === PORTAL_CLIENTS.org ? 'Organisation portal' : 'Site portal',
  token_endpoint_auth_method: 'none',
  application_type: 'web',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  redirect_uris: [`${origin}/signin-oidc`, `${origin}/silent-renew.html`],
  post_logout_redirect_uris: [`${origin}/signout-callback-oidc`, `${origin}/`],
  scope: SCOPES.join(' '),
});

interface AccountRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_sysadmin: boolean;
}

export function createProvider(services: Services, keys: StackKeys) {
  const { db, config, issuer } = services;
  const origins = [config.portalOrigins.org, config.portalOrigins.site];
  const loadAccount = async (id: string) => {
    if (!/^\d{1,9}$/.test(id)) return undefined;
    const [row] = await db.query<AccountRow>(
      `select id, email, first_name, last_name, is_sysadmin from users where id = $1 and status = 'active'`,
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
    cookies: { keys: keys.cookieKeys },
    scopes: SCOPES,
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
          email_verified: true,
        }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!accountId) return undefined;
      const row = await loadAccount(accountId);
      // One role: a string; several: a list; none: omitted. Only sysadmin exists today.
      const roles = row?.is_sysadmin ? ['sysadmin'] : [];
      if (roles.length === 0) return undefined;
      return { role: roles.length === 1 ? roles[0] : roles };
    },
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
        logoutSource: (ctx, form) => html(ctx, logoutPage(form)),
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
  const provider = new Provider(issuer, configuration);
  provider.proxy = false;
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
