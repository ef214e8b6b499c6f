import { z } from 'zod';

/**
 * Every setting the portals read, as Vite exposes it (VITE_ prefix). Kept free of
 * import.meta so that vite.config.ts validates the same schema at dev/build start.
 */
const url = z.url({ protocol: /^https?$/ });
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const envSchema = z
  .object({
    VITE_IDENTITY_API_URL: url,
    VITE_CRM_API_URL: url,
    VITE_DATA_API_URL: url,
    VITE_OIDC_AUTHORITY: url,
    VITE_OIDC_CLIENT_ID_ORG: z.string().min(1),
    VITE_OIDC_CLIENT_ID_SITE: z.string().min(1),
    VITE_ENVIRONMENT: z.enum(['portal-test', 'portal-prod']),
    VITE_SUPPORT_ORG_IDS: z
      .string()
      .regex(/^\d+,\d+,\d+$/, 'three organisation ids separated by commas')
      .transform((v) => v.split(',').map(Number)),
    VITE_SENTRY_DSN: url,
    VITE_MOCK_PERMISSIONS: flag,
  })
  .refine((env) => !(env.VITE_ENVIRONMENT === 'portal-prod' && env.VITE_MOCK_PERMISSIONS), {
    path: ['VITE_MOCK_PERMISSIONS'],
    message: 'mock_permissions can never be honoured in portal-prod',
  });

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
    supportOrgIds: env.VITE_SUPPORT_ORG_IDS,
    sentryDsn: env.VITE_SENTRY_DSN,
    mockPermissionsEnabled: env.VITE_MOCK_PERMISSIONS,
  };
}

/** The two front-ends built from this project. */
export type Portal = 'org' | 'site';
