import type { FastifyInstance } from 'fastify';

/**
 * CSP for the stack's own HTML pages (sign-in, registration, sign-out): no scripts at all; the
 * stack's own stylesheet and favicon (identity/assets.ts), no inline style.
 */
export const htmlCsp = (formTargets: string[]) =>
  [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action 'self' ${formTargets.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

export const isProviderPath = (url: string) =>
  url.startsWith('/identity') && !url.startsWith('/identity/v1');

/**
 * Headers of every answer that is not a provider page. `no-store`: API answers carry personal
 * data (profiles, user lists, licences, anonymous link views), and neither the browser's cache
 * nor a shared proxy may keep them; errors and 404s too, so no answer is ever cached.
 */
export const API_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

/**
 * Security and cache headers on every answer (set on the raw response so hijacked provider
 * answers carry them too) and CORS for the portal origins. The OIDC provider answers its own CORS
 * (clientBasedCORS), so its paths are left alone here.
 */
export function installSecurity(app: FastifyInstance, corsOrigins: string[]) {
  const allowed = new Set(corsOrigins);
  app.addHook('onRequest', async (req, reply) => {
    const res = reply.raw;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    // Every answer of the stack: the provider sets its own where it may be cached (discovery).
    res.setHeader('Cache-Control', 'no-store');
    if (isProviderPath(req.url)) {
      // The portals may run silent renew (prompt=none) in a hidden iframe: only they may frame
      // the provider's redirects. The sign-in pages set their own CSP (frame-ancestors 'none').
      res.setHeader(
        'Content-Security-Policy',
        `default-src 'none'; frame-ancestors ${corsOrigins.join(' ')}`,
      );
      return;
    }
    for (const [name, value] of Object.entries(API_HEADERS)) res.setHeader(name, value);
    const origin = req.headers.origin;
    // Stryker disable next-line ConditionalExpression: the set of portal origins never holds undefined or ''
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader(
        'Access-Control-Expose-Headers',
        'Retry-After, Content-Disposition, WWW-Authenticate',
      );
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
        res.setHeader(
          'Access-Control-Allow-Headers',
          req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
        );
        res.setHeader('Access-Control-Max-Age', '600');
        return reply.code(204).send();
      }
    } else if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      return reply.code(204).send();
    }
  });
}
