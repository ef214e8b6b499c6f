import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { loadConfig, type ServerConfig } from './config';
import { openDb } from './db/open';
import { auditedDb } from './db/audit-context';
import { migrate, startingAlone } from './db/migrate';
import { refreshPlannerStats } from './db/stats';
import type { Db } from './db/types';
import { loadKeys, type StackKeys } from './auth/keys';
import { createTokenVerifier } from './auth/tokens';
import { installErrorHandlers } from './http/errors';
import { API_HEADERS, installSecurity } from './http/security';
import { installInputRules } from './http/input';
import { errorEnvelope } from './http/envelope';
import { installGuards, type Services } from './http/routes';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { seedIfEmpty } from './seed/seed';
import { ensureLargeVendor } from './seed/scale';
import { isFreshPgliteDir, readSeedCache, seedCacheFile, writeSeedCache } from './seed/cache';
import type { PGlite } from '@electric-sql/pglite';
import { registerIdentity } from './identity/register';
import { messagePage } from './identity/pages';
import { registerCrm } from './crm/register';
import { registerData } from './data/register';
import { registerErrorSink } from './errors/register';
import { createMailer } from './mail/mailer';
import { registerOutbox } from './mail/outbox';

export interface BuildAppOptions {
  /** Overrides of the environment's configuration. */
  config?: Partial<ServerConfig>;
  /** An already opened database (tests); closed with the app unless keepDbOpen. */
  db?: Db;
  keepDbOpen?: boolean;
  /** Seed the demo data when the database is empty (default true). */
  seed?: boolean;
  logger?: boolean;
}

export interface App extends FastifyInstance {
  services: Services;
  keys: StackKeys;
}

/** Builds the whole local stack; `await app.ready()` or `listen()` next. */
export async function buildApp(options: BuildAppOptions = {}): Promise<App> {
  const config: ServerConfig = { ...loadConfig(), ...options.config };
  // A fresh PGlite folder starts from the cached seeded tarball when there is one (seed/cache.ts).
  const usesFolder = !options.db && !config.databaseUrl && config.dataDir !== 'memory';
  const fresh = usesFolder && isFreshPgliteDir(config.dataDir);
  const cacheFile =
    fresh && options.seed !== false ? await seedCacheFile(config.demoScale) : undefined;
  const cached = cacheFile ? await readSeedCache(cacheFile) : undefined;
  const db =
    options.db ??
    (await openDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      loadDataDir: cached,
    }));
  // One process at a time migrates and seeds (several may start at once on PostgreSQL).
  const seeded = await startingAlone(db, async () => {
    await migrate(db);
    return options.seed !== false && (await seedIfEmpty(db, config.demoScale));
  });
  await refreshPlannerStats(db); // PGlite has no autovacuum (docs/performance.md)
  const keys = await loadKeys(db);
  if (seeded && cacheFile && 'pglite' in db) {
    await writeSeedCache(
      cacheFile,
      await (db as Db & { pglite: PGlite }).pglite.dumpDataDir('none'),
    );
  }
  // After the seed cache is written: the cache holds the demo seed only.
  if (options.seed !== false) {
    await startingAlone(db, () => ensureLargeVendor(db, config.largeVendorLicences));
  }
  const issuer = `${config.publicUrl}/identity`;
  const services: Services = {
    // Requests write through it: the audit trail records each write with its context.
    db: auditedDb(db),
    config,
    verifyToken: createTokenVerifier(keys, issuer),
    issuer,
    mailer: createMailer(db, config.mail),
  };

  const app = Fastify({
    logger: options.logger ? { level: config.logLevel } : false,
    bodyLimit: 1_048_576,
    // Behind the cluster's proxy its X-Forwarded-For names the client (docs/deployment.md).
    trustProxy: config.trustProxy,
    ajv: { customOptions: { coerceTypes: false } },
    // Under routerOptions: the top-level option is deprecated (FSTDEP022 at every start).
    routerOptions: { maxParamLength: 200 },
    // Router-level failures (malformed or over-long URL) answer the envelope too.
    frameworkErrors: (error, _req, res) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const reply = res as unknown as FastifyReply;
      void reply
        .code(tooLong ? 414 : 400)
        .headers(API_HEADERS)
        .send(errorEnvelope(tooLong ? 'Request URL is too long' : 'Malformed request URL'));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are plain JSON; the zod response schemas document them (OpenAPI).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.decorate('services', services);
  app.decorate('keys', keys);

  // The identity service's pages show a refused request as a page of their own look.
  installErrorHandlers(app, { render: messagePage, homeHref: `${config.portalOrigins.org}/` });
  installSecurity(app, config.corsOrigins);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    // Counted in the database: every process of a cluster counts together (docs/deployment.md).
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_req, ctx) => ({
      ...errorEnvelope(`Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`),
      statusCode: 429,
    }),
  });
  installGuards(app);
  installInputRules(app);
  // Compressed answers for the services' routes only (registerRoutes: API_COMPRESSION); request
  // bodies are read as sent, never inflated.
  await app.register(compress, { globalCompression: false, globalDecompression: false });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Local stack: identity, CRM and data services',
        version: '1.0.0',
        description:
          'See docs/local-stack.md. Every answer is the API envelope {success, errors, message, data}.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  // Not counted by the rate limit: a proxy asks it every second from its own address.
  app.get('/health', { schema: { hide: true }, config: { rateLimit: false } }, async () => ({
    success: true,
    data: { status: 'ok' },
  }));
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerIdentity(app, services, keys);
  await registerCrm(app, services);
  await registerData(app, services);
  await registerErrorSink(app, services);
  registerOutbox(app, services);

  if (!options.keepDbOpen) {
    app.addHook('onClose', async () => {
      await db.close();
    });
  }
  return app as unknown as App;
}
