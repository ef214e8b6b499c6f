import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as callbackUrl from '@/core/auth/callback-url';
import * as settings from '@/core/auth/settings';
import { config } from '@/core/config';

/**
 * The sign-in library is loaded on first use (load-manager.ts): once per portal, and a load that
 * failed (a chunk the network dropped) is tried again on the next call, not remembered as failed.
 * A fresh module registry per test (the unit-fresh project): each starts with nothing loaded.
 *
 * The modules load-manager and the library's bridge import keep the instances this file loaded
 * first: evaluated again inside these tests, their values built at load (the callback
 * parameters, the return path's probe and control-character check) counted as covered by these
 * two tests in a mutation run, which then tested those mutants with these tests alone
 * (docs/testing.md, "Static mutants that a test also reaches").
 */
const shared = { '@/core/auth/callback-url': callbackUrl, '@/core/auth/settings': settings };
beforeEach(() => {
  for (const [path, module] of Object.entries(shared)) vi.doMock(path, () => module);
});
afterEach(() => {
  for (const path of ['@/core/auth/oidc-bridge', ...Object.keys(shared)]) vi.doUnmock(path);
  vi.resetModules();
});

describe('loading the sign-in library', () => {
  it("loads each portal's manager once, however often it is asked for", async () => {
    const { loadUserManager } = await import('@/core/auth/load-manager');
    const first = loadUserManager('org');
    expect(loadUserManager('org')).toBe(first);
    const org = await first;
    const site = await loadUserManager('site');
    expect(org.settings.client_id).toBe(config.oidcClientIds.org);
    expect(site.settings.client_id).toBe(config.oidcClientIds.site);
    expect(await loadUserManager('org')).toBe(org);
  });

  it('tries again after a load that failed', async () => {
    let attempts = 0;
    vi.doMock('@/core/auth/oidc-bridge', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return vi.importActual('@/core/auth/oidc-bridge');
    });
    const { loadUserManager } = await import('@/core/auth/load-manager');
    await expect(loadUserManager('org')).rejects.toThrow(); // vitest wraps the factory's error
    const manager = await loadUserManager('org');
    expect(manager.settings.client_id).toBe(config.oidcClientIds.org);
    expect(attempts).toBe(2);
  });
});
