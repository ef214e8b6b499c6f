import path from 'node:path';

/** Every environment variable the local stack reads, parsed once (docs/local-stack.md). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Public base URL of the stack; the OIDC issuer is `${publicUrl}/identity`. */
  publicUrl: string;
  /** PGlite folder, or 'memory'. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Origins allowed by CORS and as portal redirect targets. */
  portalOrigins: { org: string; site: string };
  corsOrigins: string[];
  accessTokenTtl: number;
  demoScale: number;
  /** LARGE_VENDOR_LICENCES: the e2e stack's large vendor (seed/scale.ts ensureLargeVendor); 0: none. */
  largeVendorLicences: number;
  /** General API rate limit: requests per client per window. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /**
   * Addresses of the reverse proxy whose X-Forwarded-For names the client (TRUST_PROXY, comma
   * separated, e.g. 127.0.0.1 behind the cluster's HAProxy; docs/deployment.md). Unset: none, the
   * connection's address is the client's (limits per client stay per client only when this is
   * right).
   */
  trustProxy: string | false;
  /** Sign-in failures allowed per email + IP per window. */
  signInMaxFailures: number;
  signInWindowMs: number;
  /** Organisations that may send support requests. */
  supportOrgIds: number[];
  /** DSNs whose public key and project the error sink accepts (the portals' VITE_SENTRY_DSN). */
  errorSinkDsns: string[];
  /** Events the error sink keeps per project (the newest). */
  errorSinkMaxEvents: number;
  /** Per-organisation quotas (docs/security.md "Size limits and quotas"). */
  quotas: Quotas;
  /** Audit events older than this many days may be purged (npm run audit:purge); null: keep all. */
  auditRetentionDays: number | null;
  /** Where the purge writes the events before it removes them. */
  auditArchiveDir: string;
  logLevel: string;
  /** NODE_ENV=production: no development outbox, and messages need SMTP. */
  production: boolean;
  /** Mail: SMTP (nodemailer) when smtpUrl is set; the development outbox unless production. */
  mail: { smtpUrl: string | undefined; from: string; outbox: boolean };
}

export interface Quotas {
  /** Bytes of files an organisation stores: blast files, subscription and support attachments. */
  storageBytesPerOrg: number;
  /** Support requests an organisation may send in any 24 hours. */
  supportRequestsPerDay: number;
  /** Custom data records of one organisation, and of one offering. */
  customDataRecords: number;
  /** Node libraries of an organisation (its own and its sites'). */
  nodeLibrariesPerOrg: number;
}

/** AUDIT_RETENTION_DAYS: unset keeps everything; else whole days, 1 or more. */
const retentionDays = (v: string | undefined) => {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days, 1 or more; got "${v}"`);
  }
  return n;
};

const num = (v: string | undefined, fallback: number) => {
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`Expected a number, got "${v}"`);
  return n;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = num(env.PORT, 4000);
  const org = env.ORG_PORTAL_ORIGIN ?? 'http://localhost:5173';
  const site = env.SITE_PORTAL_ORIGIN ?? 'http://localhost:5174';
  const production = env.NODE_ENV === 'production';
  if (production && !env.SMTP_URL) {
    // Invitations and address checks are links sent by mail: without a way to send, nobody could
    // join an organisation or create an account.
    throw new Error('SMTP_URL is required when NODE_ENV=production (docs/local-stack.md § Mail)');
  }
  return {
    port,
    host: env.HOST ?? 'localhost',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: env.DATA_DIR ?? path.join('.data', 'db'),
    databaseUrl: env.DATABASE_URL || undefined,
    portalOrigins: { org, site },
    corsOrigins: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((s) => s.trim()) : [org, site],
    accessTokenTtl: num(env.ACCESS_TOKEN_TTL, 900),
    demoScale: num(env.DEMO_SCALE, 1),
    largeVendorLicences: num(env.LARGE_VENDOR_LICENCES, 0),
    rateLimitMax: num(env.RATE_LIMIT_MAX, 6000),
    rateLimitWindowMs: num(env.RATE_LIMIT_WINDOW_MS, 60_000),
    trustProxy: env.TRUST_PROXY?.trim() || false,
    signInMaxFailures: num(env.SIGNIN_MAX_FAILURES, 5),
    signInWindowMs: num(env.SIGNIN_WINDOW_MS, 15 * 60_000),
    supportOrgIds: (env.SUPPORT_ORG_IDS ?? '1,2,3').split(',').map((s) => Number(s.trim())),
    errorSinkDsns: (env.ERROR_SINK_DSNS ?? 'http://localdev@localhost:4000/errors/1')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    errorSinkMaxEvents: num(env.ERROR_SINK_MAX_EVENTS, 10_000),
    quotas: {
      storageBytesPerOrg: num(env.QUOTA_STORAGE_BYTES_PER_ORG, 2 * 1024 ** 3),
      supportRequestsPerDay: num(env.QUOTA_SUPPORT_REQUESTS_PER_DAY, 20),
      customDataRecords: num(env.QUOTA_CUSTOM_DATA_RECORDS, 100),
      nodeLibrariesPerOrg: num(env.QUOTA_NODE_LIBRARIES_PER_ORG, 500),
    },
    auditRetentionDays: retentionDays(env.AUDIT_RETENTION_DAYS),
    auditArchiveDir: env.AUDIT_ARCHIVE_DIR ?? path.join('.data', 'audit-archive'),
    // Request logs (pino JSON) on demand: `npm start` shows one readable line per service.
    logLevel: env.LOG_LEVEL || 'warn',
    production,
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM ?? 'Organization Portal <no-reply@localhost>',
      outbox: !production,
    },
  };
}
