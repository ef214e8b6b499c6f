import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth, getAvatars, getDefaultAvatar, getUserMetadata } from '@/core/api';
import { config } from '@/core/config';
import { notify } from '@/core/notify';
import { server } from '../../msw/server';

const metadata = {
  orgsAndPermissions: [
    {
      org: {
        id: 1,
        name: 'Acme Mining',
        description: null,
        avatar_Base64: null,
        customData: '{}',
        sites: [],
        permissions: {
          isOrgOwner: true,
          isOrgAdmin: true,
          isDeveloper: false,
          isBusinessManager: false,
          isSubManager: false,
          isProductOwnerEnabled: true,
          isServiceOwnerEnabled: true,
        },
      },
      permissions: {
        isSysadmin: false,
        isOrgAdmin: true,
        isOrgOwner: true,
        isBusinessManager: false,
        isSubManager: false,
        isDeveloper: false,
        isTechSupport: false,
        isSiteAdmin: false,
        isSiteUser: false,
      },
    },
  ],
};

let disconnect: () => void;
beforeEach(() => {
  vi.spyOn(notify, 'error').mockImplementation(() => 'toast');
  disconnect = configureApiAuth({
    getUser: () => Promise.resolve({ access_token: 'token-1', expires_in: 3600 }),
    refresh: () => Promise.reject(new Error('not expected')),
    navigate: vi.fn(),
  });
});
afterEach(() => disconnect());

describe('named calls (SPEC §7)', () => {
  it('getUserMetadata asks for org avatars by default and parses the contract', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${config.crmApiUrl}/Orgs/GetUserMetadata`, ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ success: true, data: metadata });
      }),
    );
    await expect(getUserMetadata()).resolves.toEqual(metadata);
    await getUserMetadata(false);
    expect(seen).toEqual(['?includeOrgAvatars=true', '?includeOrgAvatars=false']);
  });

  it('getUserMetadata rejects an answer that drifted from the contract', async () => {
    server.use(
      http.get(`${config.crmApiUrl}/Orgs/GetUserMetadata`, () =>
        HttpResponse.json({ success: true, data: { orgsAndPermissions: [{ org: { id: 'x' } }] } }),
      ),
    );
    await expect(getUserMetadata()).rejects.toThrow(/Orgs\/GetUserMetadata/);
  });

  it('getAvatars sends userIds as repeated query parameters', async () => {
    let search = '';
    server.use(
      http.get(`${config.crmApiUrl}/users/getavatars`, ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({
          success: true,
          data: [
            { userId: 3, avatar_Base64: 'data:image/png;base64,AAA=' },
            { userId: 9, avatar_Base64: null },
          ],
        });
      }),
    );
    const avatars = await getAvatars([3, 9]);
    expect(search).toBe('?userIds=3&userIds=9');
    expect(avatars).toHaveLength(2);
    await expect(getAvatars([])).resolves.toEqual([]);
  });

  it('getAvatars rejects an answer that drifted from the contract, naming the call', async () => {
    server.use(
      http.get(`${config.crmApiUrl}/users/getavatars`, () =>
        HttpResponse.json({ success: true, data: [{ userId: 'x' }] }),
      ),
    );
    await expect(getAvatars([1])).rejects.toThrow(/^Unexpected answer from users\/getavatars: /);
  });

  it('a missing avatar rejects for the caller to log, without a toast (SPEC §8)', async () => {
    const toast = vi.spyOn(notify, 'error');
    server.use(
      http.get(`${config.crmApiUrl}/users/getavatars`, () =>
        HttpResponse.json({ success: false, message: 'No such user' }, { status: 404 }),
      ),
      http.get(`${config.crmApiUrl}/users/getdefaultavatar`, () =>
        HttpResponse.json({ success: false }, { status: 500 }),
      ),
    );
    await expect(getAvatars([404])).rejects.toThrow(/users\/getavatars/);
    await expect(getDefaultAvatar()).rejects.toThrow(/users\/getdefaultavatar/);
    // The catalogue's toasts wait for the end of the failed call's task.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    expect(toast).not.toHaveBeenCalled();
  });

  it('getDefaultAvatar reads users/getdefaultavatar with the bearer token', async () => {
    let auth: string | null = null;
    server.use(
      http.get(`${config.crmApiUrl}/users/getdefaultavatar`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ success: true, data: 'data:image/png;base64,BBB=' });
      }),
    );
    await expect(getDefaultAvatar()).resolves.toBe('data:image/png;base64,BBB=');
    expect(auth).toBe('Bearer token-1');
  });
});
