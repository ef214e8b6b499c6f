import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiModule from '@/core/api';
import type * as AuthModule from '@/core/auth';
import type * as OrgModule from '@/core/org';
import { preloadApiClient } from '@/core/api';
import { preloadSignIn } from '@/core/auth';
import { prefetchUserMetadata } from '@/core/org';
import { preloadSession } from '@/core/shell/boot';
import { createTestUserManager, storeSignedInUser } from '../auth/oidc-fixtures';

vi.mock('@/core/api', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiModule>()),
  preloadApiClient: vi.fn(),
}));
vi.mock('@/core/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  preloadSignIn: vi.fn(),
}));
vi.mock('@/core/org', async (importOriginal) => ({
  ...(await importOriginal<typeof OrgModule>()),
  prefetchUserMetadata: vi.fn(),
}));

/**
 * Issue 16, first rows at once: a page that restores a session asks for the user's organisations
 * first, so the API client starts loading at boot beside the route's code, and with a token still
 * good the request itself leaves at boot, instead of after the session is up and the first render
 * is done (on the benchmark's phone: 4.4 → 3.1 s to the first rows with the rest of issue 16's
 * session 53 changes).
 */
describe('preloadSession', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.clearAllMocks();
  });

  it('a signed-out page does not load the API client', () => {
    preloadSession('org');
    expect(preloadSignIn).toHaveBeenCalledWith('org');
    expect(preloadApiClient).not.toHaveBeenCalled();
    expect(prefetchUserMetadata).not.toHaveBeenCalled();
  });

  it("a page with a session to restore loads the API client and asks for the user's organisations with the stored token", async () => {
    const user = await storeSignedInUser(createTestUserManager(), { expiresIn: 3600 });
    preloadSession('org');
    expect(preloadSignIn).toHaveBeenCalledWith('org');
    expect(preloadApiClient).toHaveBeenCalledTimes(1);
    expect(prefetchUserMetadata).toHaveBeenCalledWith({
      sub: user.profile.sub,
      accessToken: user.access_token,
    });
  });

  it('a token about to expire is left to the library to refresh: only the client loads', async () => {
    await storeSignedInUser(createTestUserManager(), { expiresIn: 30 });
    preloadSession('org');
    expect(preloadApiClient).toHaveBeenCalledTimes(1);
    expect(prefetchUserMetadata).not.toHaveBeenCalled();
  });
});
