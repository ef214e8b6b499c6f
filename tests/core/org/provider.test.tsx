import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { userAvatarKeys } from '@/core/org';
import { useOrgContext } from '@/core/org/context';
import { orgQueryKey } from '@/core/query';
import { readStored, storageKeys, writeStored } from '@/core/storage';
import { config } from '@/core/config';
import { renderApp } from '../../render';
import {
  avatarsHandler,
  avatarsUrl,
  defaultAvatarHandler,
  defaultAvatarUrl,
  DEFAULT_AVATAR,
} from '../../msw/handlers/metadata';
import { server } from '../../msw/server';
import type { MembershipOverrides } from '../../factories/metadata';

/** Shows what the organisation context holds. */
function ContextView() {
  const { org, otherOrgs, site, profile, pageSize, userPermissions } = useOrgContext();
  return (
    <dl>
      <dt>org</dt>
      <dd data-testid="org">{org.name}</dd>
      <dd data-testid="others">{otherOrgs.map((o) => o.name).join(',')}</dd>
      <dd data-testid="site">{site?.name ?? 'none'}</dd>
      <dd data-testid="custom">{JSON.stringify(org.customData)}</dd>
      <dd data-testid="name">{`${profile.firstName} ${profile.lastName} ${profile.email} ${profile.id}`}</dd>
      <dd data-testid="avatar">{profile.avatar_Base64 ?? 'none'}</dd>
      <dd data-testid="page-size">{pageSize}</dd>
      <dd data-testid="sysadmin">{String(userPermissions.isSysadmin)}</dd>
    </dl>
  );
}

const three: MembershipOverrides[] = [
  { org: { id: 1, name: 'Acme Mining', sites: [{ id: 11, name: 'Acme Pit' }] } },
  { org: { id: 2, name: 'Borealis Quarries', sites: [{ id: 12, name: 'North Face' }] } },
  { org: { id: 3, name: 'Cobalt Blasting' } },
];

const text = (id: string) => screen.getByTestId(id).textContent;

describe('OrgProvider', () => {
  it("selects the user's first organisation by default; the rest are the other organisations", async () => {
    await renderApp(<ContextView />, { org: three });
    expect(text('org')).toBe('Acme Mining');
    expect(text('others')).toBe('Borealis Quarries,Cobalt Blasting');
    expect(readStored(storageKeys.userOrgs)).toEqual([1, 2, 3]);
  });

  it('honours the stored preference and stores userOrgs selected first', async () => {
    writeStored(storageKeys.org, 2);
    await renderApp(<ContextView />, { org: three });
    expect(text('org')).toBe('Borealis Quarries');
    expect(text('others')).toBe('Acme Mining,Cobalt Blasting');
    expect(readStored(storageKeys.userOrgs)).toEqual([2, 1, 3]);
  });

  it('ignores a stored preference the user is no longer a member of', async () => {
    writeStored(storageKeys.org, 99);
    await renderApp(<ContextView />, { org: three });
    expect(text('org')).toBe('Acme Mining');
    expect(readStored(storageKeys.org)).toBe(1);
  });

  it('reads new_org_id once, selects it and clears it', async () => {
    writeStored(storageKeys.org, 1);
    writeStored(storageKeys.newOrgId, 3);
    await renderApp(<ContextView />, { org: three });
    expect(text('org')).toBe('Cobalt Blasting');
    expect(readStored(storageKeys.newOrgId)).toBeUndefined();
    expect(readStored(storageKeys.userOrgs)).toEqual([3, 1, 2]);
  });

  it('parses customData; on failure logs the exact text, uses {} and shows nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp(<ContextView />, {
      org: [{ org: { id: 4, name: 'Delta Drilling', customData: '{broken' } }],
    });
    expect(text('custom')).toBe('{}');
    expect(log).toHaveBeenCalledWith(
      "Something's gone wrong with the custom data for Delta Drilling - 4",
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain("Something's gone wrong");
  });

  it('builds the profile from the identity claims and the avatar call', async () => {
    server.use(avatarsHandler([{ userId: 42, avatar_Base64: 'data:image/png;base64,b3du' }]));
    await renderApp(<ContextView />, {
      user: { sub: '42', givenName: 'Grace', familyName: 'Hopper', email: 'grace@example.com' },
    });
    expect(text('name')).toBe('Grace Hopper grace@example.com 42');
    await waitFor(() => {
      expect(text('avatar')).toBe('data:image/png;base64,b3du');
    });
  });

  it('falls back to the default avatar; a missing avatar is logged only', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    server.use(avatarsHandler([]), defaultAvatarHandler(DEFAULT_AVATAR));
    await renderApp(<ContextView />);
    await waitFor(() => {
      expect(text('avatar')).toBe(DEFAULT_AVATAR);
    });
    expect(info).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads the default avatar once a day: a second read of the avatar does not fetch it again', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const reads = { avatars: 0, defaultAvatar: 0 };
    server.use(
      http.get(avatarsUrl, () => {
        reads.avatars++;
        return HttpResponse.json({ success: true, errors: null, data: [] });
      }),
      http.get(defaultAvatarUrl, () => {
        reads.defaultAvatar++;
        return HttpResponse.json({ success: true, errors: null, data: DEFAULT_AVATAR });
      }),
    );
    const { queryClient } = await renderApp(<ContextView />);
    await waitFor(() => {
      expect(text('avatar')).toBe(DEFAULT_AVATAR);
    });
    // What a photo change does: the user's avatar is read again.
    await act(() => queryClient.invalidateQueries({ queryKey: userAvatarKeys.all }));
    expect(reads.avatars).toBe(2);
    expect(reads.defaultAvatar).toBe(1);
    expect(text('avatar')).toBe(DEFAULT_AVATAR);
  });

  it('keeps the page size in the context and follows other tabs', async () => {
    writeStored(storageKeys.pageSize, 50);
    await renderApp(<ContextView />);
    expect(text('page-size')).toBe('50');
    act(() => {
      localStorage.setItem('page_size', '100');
      window.dispatchEvent(new StorageEvent('storage', { key: 'page_size' }));
    });
    expect(text('page-size')).toBe('100');
  });

  it('defaults the page size to 20', async () => {
    await renderApp(<ContextView />);
    expect(text('page-size')).toBe('20');
  });

  it('reads sysadmin from the role claim of the session, as a string or a list', async () => {
    await renderApp(<ContextView />, { user: { role: 'sysadmin' } });
    expect(text('sysadmin')).toBe('true');
  });

  it('reads sysadmin from a role claim list', async () => {
    await renderApp(<ContextView />, { user: { role: ['reader', 'SysAdmin'] } });
    expect(text('sysadmin')).toBe('true');
  });

  it('is not sysadmin without the role', async () => {
    await renderApp(<ContextView />, { user: { role: ['reader'] } });
    expect(text('sysadmin')).toBe('false');
  });

  it('/org/{orgId} selects that organisation and remembers it', async () => {
    await renderApp(<ContextView />, { org: three, url: '/org/2/users' });
    expect(text('org')).toBe('Borealis Quarries');
    await waitFor(() => {
      expect(readStored(storageKeys.org)).toBe(2);
    });
  });

  it('a site page of another of the user organisations switches to it', async () => {
    writeStored(storageKeys.org, 1);
    await renderApp(<ContextView />, { org: three, url: '/site/12/blasts', portal: 'site' });
    expect(text('org')).toBe('Borealis Quarries');
    expect(text('site')).toBe('North Face');
    await waitFor(() => {
      expect(readStored(storageKeys.org)).toBe(2);
    });
  });

  it('shows a metadata failure on the error screen', async () => {
    server.use(
      http.get(`${config.crmApiUrl}/Orgs/GetUserMetadata`, () =>
        HttpResponse.json({ success: false, message: 'Metadata unavailable' }, { status: 500 }),
      ),
    );
    await renderApp(<ContextView />);
    expect(screen.getByRole('heading', { name: 'Something has gone wrong' })).toBeInTheDocument();
  });

  it('refreshes queries keyed to the organisation when the selection changes', async () => {
    const calls: string[] = [];
    server.use(
      http.get('https://example.invalid/offerings', ({ request }) => {
        calls.push(new URL(request.url).searchParams.get('orgId') ?? '');
        return HttpResponse.json({ n: calls.length });
      }),
    );
    function Offerings() {
      const { org, selectOrg } = useOrgContext();
      const query = useQuery({
        queryKey: orgQueryKey(org.id, 'offerings'),
        // Fresh for 5 minutes: only the refresh on switching refetches it.
        staleTime: 5 * 60_000,
        queryFn: async () =>
          (await fetch(`https://example.invalid/offerings?orgId=${org.id}`)).json() as Promise<{
            n: number;
          }>,
      });
      return (
        <>
          <p>{`${org.name}: ${String(query.data?.n ?? '…')}`}</p>
          <button type="button" onClick={() => selectOrg(org.id === 1 ? 2 : 1)}>
            switch
          </button>
        </>
      );
    }
    const { user } = await renderApp(<Offerings />, { org: three });
    expect(await screen.findByText('Acme Mining: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Borealis Quarries: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    // Back to the first organisation: its cached answer is refetched, not just reused.
    expect(await screen.findByText('Acme Mining: 3')).toBeInTheDocument();
    expect(calls).toEqual(['1', '2', '1']);
  });
});

describe('OrgProvider without organisations', () => {
  it('says so and offers to sign out', async () => {
    const { user, redirects } = await renderApp(<ContextView />, { org: [] });
    expect(
      screen.getByRole('heading', { name: 'You are not in any organization yet' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(redirects.signOut).toHaveLength(1);
  });
});
