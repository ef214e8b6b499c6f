import type { FastifyInstance } from 'fastify';

/** CSP for the stack's own HTML pages (sign-in, registration, sign-out): no scripts at all. */
export const htmlCsp = (formTargets: string[]) =>
  [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self' ${formTargets.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

const isProviderPath = (url: string) =>
  url.startsWith('/identity') && !url.startsWith('/identity/v1');

/**
 * Security headers on every answer (set on the raw response so hijacked provider answers carry
 * them too) and CORS for the portal origins. The OIDC provider answers its own CORS
 * (clientBasedCORS), so its paths are left alone here.
 */
export function installSecurity(app: FastifyInstance, corsOrigins: string[]) {
  const allowed = new Set(corsOrigins);
  app.addHook('onRequest', async (req, reply) => {
    const res = reply.raw;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    if (isProviderPath(req.url)) {
      // The portals may run silent renew (prompt=none) in a hidden iframe: only they may frame
      // the provider's redirects. The sign-in pages set their own CSP (frame-ancestors 'none').
      res.setHeader(
        'Content-Security-Policy',
        `default-src 'none'; frame-ancestors ${corsOrigins.join(' ')}`,
      );
      return;
    }
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    const origin = req.headers.origin;
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
