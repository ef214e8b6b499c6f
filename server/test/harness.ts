import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT, importJWK } from 'jose';
import { buildApp, type App } from '../app';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteDb } from '../db/pglite';
import { openPg } from '../db/pg';
import type { Db } from '../db/types';
import { migrate } from '../db/migrate';
import { seed } from '../seed/seed';
import { hashSeedSources } from '../seed/cache';
import { loadKeys } from '../auth/keys';
import { API_AUDIENCE, GRANT_CLAIM } from '../auth/tokens';
import type { ServerConfig } from '../config';
import {
  captureTemplate,
  currentTransaction,
  resetToTemplate,
  type TemplateState,
} from './template-reset';

/**
 * Test databases: a seeded template is built once (a PGlite dumpDataDir tarball cached under
 * .data/test-template/, keyed by the migrations, the seed code and the scale), then a test file
 * gets it in an in-memory PGlite: one a file before it in the same worker closed, put back to
 * the template's state in place (template-reset.ts, tens of milliseconds), or the template
 * loaded into a new one (~0.6 s instead of ~3.4 s + seeding).
 */
export const TEST_SCALE = 0.1;
const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = path.join(root, '..', '.data', 'test-template');

async function templateKey() {
  const h = createHash('sha256');
  await hashSeedSources(h);
  h.update(await readFile(path.join(root, 'auth', 'keys.ts')));
  h.update(String(TEST_SCALE)).update(new Date().toISOString().slice(0, 10)); // seed dates are relative to today
  return h.digest('hex').slice(0, 16);
}

let templatePromise: Promise<{ key: string; blob: Blob }> | undefined;
function template() {
  templatePromise ??= (async () => {
    const key = await templateKey();
    const file = path.join(cacheDir, `${key}.tar`);
    try {
      return { key, blob: new Blob([await readFile(file)]) };
    } catch {
      const db = await openPglite();
      await migrate(db);
      await seed(db, TEST_SCALE);
      await loadKeys(db);
      const blob = await db.pglite.dumpDataDir('none');
      await db.close();
      await mkdir(cacheDir, { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, Buffer.from(await blob.arrayBuffer()));
      await rename(tmp, file); // atomic: parallel workers never read a half-written template
      for (const other of await readdir(cacheDir)) {
        // Older templates (other day, other seed code) are not needed any more.
        if (other.endsWith('.tar') && other !== path.basename(file))
          await rm(path.join(cacheDir, other), { force: true });
      }
      return { key, blob };
    }
  })();
  return templatePromise;
}
export async function seededTemplate(): Promise<Blob> {
  return (await template()).blob;
}

export const TEST_CONFIG: Partial<ServerConfig> = {
  publicUrl: 'http://localhost:4000',
  portalOrigins: { org: 'http://localhost:5173', site: 'http://localhost:5174' },
  corsOrigins: ['http://localhost:5173', 'http://localhost:5174'],
  rateLimitMax: 100_000,
  demoScale: TEST_SCALE,
};

/** The seeded database the server-pg project copies for each test file (postgres-setup.ts). */
export const PG_TEMPLATE_DB = 'lists_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server-pg project's throw-away PostgreSQL cluster (postgres-setup.ts). */
    testPostgresUrl?: string;
  }
}

/**
 * The run's PostgreSQL cluster in the server-pg project; undefined in the server project, whose
 * files use PGlite. Provided to its own project alone: the server project's files, run beside
 * them (`npx vitest run`), stay on PGlite. Vitest is loaded only when a test asks, as the
 * tools that import this file run outside it.
 */
async function postgresClusterUrl(): Promise<string | undefined> {
  const { inject } = await import('vitest');
  return inject('testPostgresUrl');
}

/**
 * A fresh database copied from the seeded template, on the run's throw-away PostgreSQL cluster
 * (postgresClusterUrl: provided by server/test/postgres-setup.ts to the server-pg project).
 */
async function postgresCopy(clusterUrl: string): Promise<Db> {
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  return openPg(clusterUrl.replace(/\/[^/]*$/, `/${name}`));
}

/**
 * An empty database (not migrated): in memory (PGlite), or a new database on the run's
 * PostgreSQL cluster when it has one (the server-pg project).
 */
export async function emptyTestDb(): Promise<Db> {
  const [db] = await emptyTestDbHandles(1);
  return db as Db;
}

/**
 * `count` handles on one new empty database, as separate processes would hold them: on
 * PostgreSQL each its own pool; in memory (PGlite, never shared by processes) the same one.
 */
export async function emptyTestDbHandles(count: number): Promise<Db[]> {
  const clusterUrl = await postgresClusterUrl();
  if (!clusterUrl) return Array<Db>(count).fill(await openPglite());
  const name = `empty_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = clusterUrl.replace(/\/[^/]*$/, `/${name}`);
  return Promise.all(Array.from({ length: count }, () => openPg(url)));
}

/**
 * The seeded PGlite databases closed by earlier test files of this worker, with the template's
 * state. On globalThis: a mutation run's runner forgets the project's modules before each
 * mutant's run (tests/mutation-runner.ts), and the worker thread, with its databases, stays.
 */
interface Kept {
  /** The template file they were loaded from (it changes with the seed code and the day). */
  key?: string;
  template?: Promise<TemplateState>;
  idle: PGlite[];
  /** The transaction from which a database's writes are its test file's (template-reset.ts). */
  since: WeakMap<PGlite, number>;
}
const kept: Kept = ((globalThis as { [key: symbol]: Kept })[Symbol.for('portal.test-dbs')] ??= {
  idle: [],
  since: new WeakMap(),
});
/** More idle databases than files running at once in a worker are closed. */
const MAX_IDLE = 2;

/**
 * A seeded database in memory, in the template's state: a kept one put back, or the template
 * loaded anew. Its close() keeps it for the next test file.
 */
async function seededPglite(): Promise<Db> {
  const { key, blob } = await template();
  if (kept.key !== key) {
    for (const old of kept.idle.splice(0)) await old.close().catch(() => undefined);
    kept.template = undefined;
    kept.key = key;
  }
  let pglite: PGlite | undefined;
  while (!pglite && kept.idle.length > 0) {
    const reused = kept.idle.pop() as PGlite;
    const since = kept.since.get(reused);
    const template = await kept.template;
    const back =
      template !== undefined &&
      since !== undefined &&
      (await resetToTemplate(reused, template, since).catch(() => false));
    if (back) pglite = reused;
    else await reused.close().catch(() => undefined);
  }
  if (!pglite) {
    pglite = (await openPglite({ loadDataDir: blob })).pglite;
    kept.template ??= captureTemplate(pglite);
    await kept.template;
  }
  const own = pglite;
  kept.since.set(own, await currentTransaction(own));
  return pgliteDb(own, async () => {
    if (kept.idle.length < MAX_IDLE) kept.idle.push(own);
    else await own.close();
  });
}

/**
 * A fresh app on a fresh copy of the seeded demo database: in memory (PGlite), or on PostgreSQL
 * when the run has a cluster (npm run test:server:pg).
 */
export async function createTestApp(config: Partial<ServerConfig> = {}): Promise<App> {
  const clusterUrl = await postgresClusterUrl();
  const db = clusterUrl ? await postgresCopy(clusterUrl) : await seededPglite();
  const app = await buildApp({ db, seed: false, config: { ...TEST_CONFIG, ...config } });
  await app.ready();
  return app;
}

/**
 * Several apps on one fresh database copy, as the processes of a cluster share one database
 * (docs/deployment.md): what one counts or stores, the others see. close() closes all of them.
 */
export async function createTestCluster(
  size: number,
  config: Partial<ServerConfig> = {},
): Promise<{ apps: App[]; close: () => Promise<void> }> {
  const clusterUrl = await postgresClusterUrl();
  const db = clusterUrl ? await postgresCopy(clusterUrl) : await seededPglite();
  const apps: App[] = [];
  for (let i = 0; i < size; i++) {
    const app = await buildApp({
      db,
      keepDbOpen: true,
      seed: false,
      config: { ...TEST_CONFIG, ...config },
    });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    close: async () => {
      for (const app of apps) await app.close();
      await db.close();
    },
  };
}

export const DEMO = {
  sysadmin: 1,
  owner: 2,
  manager: 3,
  developer: 4,
  support: 5,
  submanager: 6,
  siteadmin: 7,
  siteuser: 8,
  pending: 9,
} as const;
export type DemoAccount = keyof typeof DEMO;
/** The demo accounts that can sign in (all but the pending invitee), in the order of DEMO. */
export const ACTIVE_ACCOUNTS = (Object.keys(DEMO) as DemoAccount[]).filter((k) => k !== 'pending');
export const ORGS = { acme: 1, borealis: 2, cobalt: 3, delta: 4 } as const;

export interface TokenOptions {
  scope?: string;
  audience?: string;
  issuer?: string;
  expiresIn?: number;
  /** Override the role claim (undefined: as the provider would issue it). */
  role?: string | string[] | null;
}

/**
 * An access token for a demo account, minted with the provider's own signing key and the same
 * claims the provider issues (iss, sub, aud 'portal-api', scope, client_id, role, typ at+jwt).
 * identity.test.ts drives the real authorization-code + PKCE flow and checks that the provider's
 * tokens carry exactly these claims, which keeps this shortcut honest.
 */
export async function tokenFor(
  app: App,
  who: DemoAccount | number,
  opts: TokenOptions = {},
): Promise<string> {
  const id = typeof who === 'number' ? who : DEMO[who];
  const key = await importJWK(app.keys.signingJwk, 'RS256');
  const [row] = await app.services.db.query<{ is_sysadmin: boolean }>(
    'select is_sysadmin from users where id = $1',
    [id],
  );
  const role =
    opts.role === undefined
      ? row?.is_sysadmin
        ? 'sysadmin'
        : undefined
      : (opts.role ?? undefined);
  const now = Math.floor(Date.now() / 1000);
  const grantId = await createGrant(app, id);
  return new SignJWT({
    scope: opts.scope ?? 'crmApi blastDataApi IdentityServerApi',
    client_id: 'org-portal',
    [GRANT_CLAIM]: grantId,
    ...(role ? { role } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: app.keys.signingJwk.kid })
    .setIssuer(opts.issuer ?? app.services.issuer)
    .setSubject(String(id))
    .setAudience(opts.audience ?? API_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expiresIn ?? 900))
    .setJti(randomUUID())
    .sign(key);
}

/**
 * A grant as the provider stores it (oidc_payloads, model Grant) for the org portal: tokens the
 * harness mints name one, as the provider's do, and stop working when it is revoked.
 */
export async function createGrant(app: Pick<App, 'services'>, accountId: number) {
  const jti = randomUUID().replace(/-/g, '');
  const now = Math.floor(Date.now() / 1000);
  const ttl = 14 * 24 * 3600;
  await app.services.db.query(
    `insert into oidc_payloads (model, id, payload, expires_at) values ('Grant', $1, $2, now() + $3 * interval '1 second')`,
    [
      jti,
      JSON.stringify({
        iat: now,
        exp: now + ttl,
        accountId: String(accountId),
        clientId: 'org-portal',
        kind: 'Grant',
        jti,
        openid: { scope: 'openid profile email offline_access' },
        resources: { 'urn:portal-api': 'crmApi blastDataApi IdentityServerApi' },
      }),
      ttl,
    ],
  );
  return jti;
}

/**
 * A base64url signature with its first character changed: a real change of its bytes. Changing
 * the last characters is not (the last one carries padding bits a decoder ignores: 'AB' → 'AA'
 * can decode to the same bytes, a test that then fails one run in a few hundred).
 */
export const tamperedSignature = (signature: string) =>
  `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A minimal cookie jar for driving the provider through inject. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: { cookies: Array<{ name: string; value: string }> }) {
    for (const c of res.cookies) this.cookies.set(c.name, c.value);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
