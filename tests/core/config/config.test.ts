import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/core/config/schema';

const valid = {
  VITE_IDENTITY_API_URL: 'http://localhost:4000/identity/v1',
  VITE_CRM_API_URL: 'http://localhost:4000/crm/v1/',
  VITE_DATA_API_URL: 'http://localhost:4000/data/v1',
  VITE_OIDC_AUTHORITY: 'http://localhost:4000/identity',
  VITE_OIDC_CLIENT_ID_ORG: 'org-portal',
  VITE_OIDC_CLIENT_ID_SITE: 'site-portal',
  VITE_ENVIRONMENT: 'portal-test',
  VITE_SUPPORT_ORG_IDS: '1,2,3',
  VITE_SENTRY_DSN: 'http://key@localhost:4000/errors/1',
  VITE_MOCK_PERMISSIONS: 'true',
};

describe('parseConfig', () => {
  it('parses a complete environment', () => {
    const config = parseConfig(valid);
    expect(config.crmApiUrl).toBe('http://localhost:4000/crm/v1');
    expect(config.supportOrgIds).toEqual([1, 2, 3]);
    expect(config.oidcClientIds).toEqual({ org: 'org-portal', site: 'site-portal' });
    expect(config.mockPermissionsEnabled).toBe(true);
  });

  it('names a missing variable', () => {
    const { VITE_CRM_API_URL: _omit, ...rest } = valid;
    expect(() => parseConfig(rest)).toThrow(/VITE_CRM_API_URL: missing/);
  });

  it('names every malformed variable', () => {
    try {
      parseConfig({ ...valid, VITE_DATA_API_URL: 'not a url', VITE_ENVIRONMENT: 'staging' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variables).toEqual(['VITE_DATA_API_URL', 'VITE_ENVIRONMENT']);
    }
  });

  it('refuses mock permissions in production', () => {
    expect(() =>
      parseConfig({ ...valid, VITE_ENVIRONMENT: 'portal-prod', VITE_MOCK_PERMISSIONS: 'true' }),
    ).toThrow(/VITE_MOCK_PERMISSIONS/);
  });

  it('wants exactly three support organisations', () => {
    expect(() => parseConfig({ ...valid, VITE_SUPPORT_ORG_IDS: '1,2' })).toThrow(
      /VITE_SUPPORT_ORG_IDS/,
    );
  });
});
