/**
 * The OpenID Connect facts the portals, the local provider and the e2e sign-in share (SPEC §7).
 */

/** The API scopes: one per service of the stack. */
export const API_SCOPES = ['crmApi', 'blastDataApi', 'IdentityServerApi'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What the portals ask for, in SPEC §7's order. */
export const PORTAL_SCOPES = ['openid', 'profile', 'email', ...API_SCOPES, 'offline_access'];
/** PORTAL_SCOPES as the authorization request's `scope` parameter. */
export const OIDC_SCOPE = PORTAL_SCOPES.join(' ');

/**
 * The portals' client ids at the local stack's provider (server/identity). A build reads its own
 * from VITE_OIDC_CLIENT_ID_ORG and _SITE (.env.development names these).
 */
export const PORTAL_CLIENTS = { org: 'org-portal', site: 'site-portal' } as const;
