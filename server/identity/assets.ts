import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The identity service's pages carry the portals' look and favicon (issue 17) from files the
 * stack serves itself: no inline style (the pages' CSP allows styles from the stack only) and
 * no other origin. The favicon is the portals' own (public/favicon.svg), not a copy.
 */
export const IDENTITY_ASSETS_PATH = '/identity/assets';

interface Asset {
  /** The address pages link to: the content's hash in it, so it may be cached for good. */
  href: string;
  type: string;
  body: Buffer;
}

function asset(name: string, file: URL, type: string): Asset {
  const body = readFileSync(file);
  const version = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { href: `${IDENTITY_ASSETS_PATH}/${name}?v=${version}`, type, body };
}

export const identityAssets = {
  stylesheet: asset(
    'identity.css',
    new URL('./assets/identity.css', import.meta.url),
    'text/css; charset=utf-8',
  ),
  favicon: asset(
    'favicon.svg',
    new URL('../../public/favicon.svg', import.meta.url),
    'image/svg+xml',
  ),
} as const;

/** GET /identity/assets/identity.css and /identity/assets/favicon.svg. */
export function registerIdentityAssets(app: FastifyInstance) {
  for (const { href, type, body } of Object.values(identityAssets)) {
    const path = href.split('?')[0] ?? href;
    app.get(path, { schema: { hide: true } }, async (_req, reply) =>
      reply.header('Cache-Control', 'public, max-age=31536000, immutable').type(type).send(body),
    );
  }
}
