import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { OidcProvider } from './provider';

/**
 * Mounts oidc-provider under the issuer's path (/identity): its own routes get the raw, unparsed
 * request, with the issuer's host whatever Host header reached us.
 */
export async function mountProvider(
  app: FastifyInstance,
  provider: OidcProvider,
  base: string,
  publicHost: string,
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const callback = provider.callback();
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      raw.headers.host = publicHost;
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(base.length) || '/';
      await callback(raw, reply.raw);
    };
    scope.all(base, { schema: { hide: true } }, handler);
    scope.all(`${base}/*`, { schema: { hide: true } }, handler);
  });
}
