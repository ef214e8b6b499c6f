import * as z from 'zod/mini';

/**
 * Every setting the portals read, as Vite exposes it (VITE_ prefix). Kept free of
 * import.meta so that vite.config.ts validates the same schema at dev/build start.
 *
 * zod/mini, not zod: the same validation in a fraction of the bytes, because this schema is
 * in every portal's first load (docs/performance.md). The values stay strings here;
 * parseConfig converts them once they are valid.
 */
const url = z.url({ protocol: /^https?$/ });
const flag = z.enum(['true', 'false']);

export const envSchema = z
  .object({
    VITE_IDENTITY_API_URL: url,
    VITE_CRM_API_URL: url,
    VITE_DATA_API_URL: url,
    VITE_OIDC_AUTHORITY: url,
    VITE_OIDC_CLIENT_ID_ORG: z.string().check(z.minLength(1)),
    VITE_OIDC_CLIENT_ID_SITE: z.string().check(z.minLength(1)),
    VITE_ENVIRONMENT: z.enum(['portal-test', 'portal-prod']),
    VITE_SUPPORT_ORG_IDS: z
      .string()
      .check(z.regex(/^\d+,\d+,\d+$/, 'three organization ids separated by commas')),
    VITE_SENTRY_DSN: url,
    VITE_MOCK_PERMISSIONS: flag,
  })
  .check(
    z.refine(
      (env) => !(env.VITE_ENVIRONMENT === 'portal-prod' && env.VITE_MOCK_PERMISSIONS === 'true'),
      {
        path: ['VITE_MOCK_PERMISSIONS'],
        message: 'mock_permissions can never be honoured in portal-prod',
      },
    ),
  );

export type RawEnv = z.input<typeof envSchema>;

export interface AppConfig {
  identityApiUrl: string;
  crmApiUrl: string;
  dataApiUrl: string;
  oidcAuthority: string;
  oidcClientIds: { org: string; site: string };
  environment: 'portal-test' | 'portal-prod';
  supportOrgIds: readonly number[];
  sentryDsn: string;
  mockPermissionsEnabled: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    details: string,
  ) {
    super(`Invalid configuration: ${variables.join(', ')}\n${details}`);
    this.name = 'ConfigError';
  }
}

/** Parses raw env values; throws a ConfigError naming every missing or malformed variable. */
export function parseConfig(raw: Record<string, unknown>): AppConfig {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '(env)');
      const value = raw[name];
      return `  ${name}: ${value === undefined || value === '' ? 'missing' : issue.message}`;
    });
    const names = [...new Set(result.error.issues.map((i) => String(i.path[0] ?? '(env)')))];
    throw new ConfigError(names, lines.join('\n'));
  }
  const env = result.data;
  const trim = (u: string) => u.replace(/\/+$/, '');
  return {
    identityApiUrl: trim(env.VITE_IDENTITY_API_URL),
    crmApiUrl: trim(env.VITE_CRM_API_URL),
    dataApiUrl: trim(env.VITE_DATA_API_URL),
    oidcAuthority: trim(env.VITE_OIDC_AUTHORITY),
    oidcClientIds: { org: env.VITE_OIDC_CLIENT_ID_ORG, site: env.VITE_OIDC_CLIENT_ID_SITE },
    environment: env.VITE_ENVIRONMENT,
    supportOrgIds: env.VITE_SUPPORT_ORG_IDS.split(',').map(Number),
    sentryDsn: env.VITE_SENTRY_DSN,
    mockPermissionsEnabled: env.VITE_MOCK_PERMISSIONS === 'true',
  };
}

/** The two front-ends built from this project. */
export type Portal = 'org' | 'site';
