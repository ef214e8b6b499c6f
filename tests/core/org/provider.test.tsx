import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '@/core/auth';
import { http, HttpResponse } from 'msw';
import { userAvatarKeys } from '@/core/org';
import { useOptionalOrgContext, useOrgContext } from '@/core/org/context';
import { OrgProvider, prefetchUserMetadata } from '@/core/org/provider';
import { createQueryClient, orgQueryKey } from '@/core/query';
import { readStored, storageKeys, writeStored } from '@/core/storage';
import { config } from '@/core/config';
import { renderApp } from '../../render';
import {
  avatarsHandler,
  avatarsUrl,
  defaultAvatarHandler,
  defaultAvatarUrl,
  DEFAULT_AVATAR,
  defaultMetadata,
} from '../../msw/handlers/metadata';
import { server } from '../../msw/server';
import type { MembershipOverrides } from '../../factories/metadata';
import { createTestUser, createTestUserManager, signInTestUser } from '../../factories/session';

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

/** Counts GetUserMetadata calls; `hold` keeps each answer back until `release` is called. */
function metadataCalls({ hold = false } = {}) {
  const calls: URL[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(`${config.crmApiUrl}/Orgs/GetUserMetadata`, async ({ request }) => {
      calls.push(new URL(request.url));
      if (hold) await held;
      return HttpResponse.json({ success: true, errors: null, data: defaultMetadata });
    }),
  );
  return { calls, release: () => act(release) };
}

/** `ui` under a signed-in session, without waiting for loading to end (renderApp waits). */
async function renderSignedIn(ui: ReactNode) {
  const { manager } = createTestUserManager('org');
  await signInTestUser(manager, createTestUser());
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AuthProvider portal="org" userManager={manager}>
          {ui}
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

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

/** Whether the organisation context is there, and which organisation it selects. */
function OptionalView() {
  const context = useOptionalOrgContext();
  return <p data-testid="optional">{context ? context.org.name : 'no organisation context'}</p>;
}

const framed = (node: ReactNode) => <main aria-label="Signed-out frame">{node}</main>;

describe('OrgProvider on public pages (optional)', () => {
  it('renders the page without an organisation context when signed out', async () => {
    await renderApp(
      <OrgProvider optional>
        <OptionalView />
      </OrgProvider>,
      { user: null, orgContext: false },
    );
    expect(text('optional')).toBe('no organisation context');
  });

  it('renders the page without an organisation context when the user has none', async () => {
    await renderApp(
      <OrgProvider optional frame={framed}>
        <OptionalView />
      </OrgProvider>,
      { org: [], orgContext: false },
    );
    expect(text('optional')).toBe('no organisation context');
    expect(
      screen.queryByRole('heading', { name: 'You are not in any organization yet' }),
    ).toBeNull();
  });

  it('renders the page without an organisation context when the metadata fails', async () => {
    server.use(
      http.get(`${config.crmApiUrl}/Orgs/GetUserMetadata`, () =>
        HttpResponse.json({ success: false, message: 'Metadata unavailable' }, { status: 500 }),
      ),
    );
    await renderApp(
      <OrgProvider optional frame={framed}>
        <OptionalView />
      </OrgProvider>,
      { orgContext: false },
    );
    expect(text('optional')).toBe('no organisation context');
    expect(screen.queryByRole('heading', { name: 'Something has gone wrong' })).toBeNull();
  });

  it('provides the organisation context when the user has one', async () => {
    await renderApp(
      <OrgProvider optional>
        <OptionalView />
      </OrgProvider>,
      { org: three, orgContext: false },
    );
    expect(text('optional')).toBe('Acme Mining');
  });
});

describe('OrgProvider frame', () => {
  it('shows the error screen inside the frame', async () => {
    server.use(
      http.get(`${config.crmApiUrl}/Orgs/GetUserMetadata`, () =>
        HttpResponse.json({ success: false, message: 'Metadata unavailable' }, { status: 500 }),
      ),
    );
    await renderApp(
      <OrgProvider frame={framed}>
        <ContextView />
      </OrgProvider>,
      { orgContext: false },
    );
    const frame = screen.getByRole('main', { name: 'Signed-out frame' });
    expect(
      within(frame).getByRole('heading', { name: 'Something has gone wrong' }),
    ).toBeInTheDocument();
  });

  it("shows the 'no organisation' screen inside the frame", async () => {
    await renderApp(
      <OrgProvider frame={framed}>
        <ContextView />
      </OrgProvider>,
      { org: [], orgContext: false },
    );
    const frame = screen.getByRole('main', { name: 'Signed-out frame' });
    expect(
      within(frame).getByRole('heading', { name: 'You are not in any organization yet' }),
    ).toBeInTheDocument();
  });

  it('shows the loader inside the frame while the metadata loads', async () => {
    const { calls, release } = metadataCalls({ hold: true });
    await renderSignedIn(
      <OrgProvider frame={framed}>
        <ContextView />
      </OrgProvider>,
    );
    const frame = await screen.findByRole('main', { name: 'Signed-out frame' });
    expect(within(frame).getByRole('status')).toHaveTextContent('Loading');
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    release();
    expect(await screen.findByTestId('org')).toHaveTextContent('Acme Mining');
    expect(screen.queryByRole('main', { name: 'Signed-out frame' })).not.toBeInTheDocument();
  });
});

describe('OrgProvider permissions and organisations', () => {
  it('is sysadmin when the metadata says so, without the role claim', async () => {
    await renderApp(<ContextView />, {
      user: { role: ['reader'] },
      org: [{ org: { id: 1, name: 'Acme Mining' }, permissions: { isSysadmin: true } }],
    });
    expect(text('sysadmin')).toBe('true');
  });

  it('lists every organisation in the order the server gives, with their flags', async () => {
    function Orgs() {
      const { orgs, memberships } = useOrgContext();
      return (
        <p data-testid="orgs">
          {`${(orgs ?? []).map((o) => o.name).join(',')} | ${(memberships ?? [])
            .map((m) => `${m.org.id}:${String(m.permissions.isOrgAdmin)}`)
            .join(',')}`}
        </p>
      );
    }
    writeStored(storageKeys.org, 2);
    await renderApp(<Orgs />, {
      org: [
        { org: { id: 1, name: 'Acme Mining' }, permissions: { isOrgAdmin: true } },
        { org: { id: 2, name: 'Borealis Quarries' } },
      ],
    });
    expect(text('orgs')).toBe('Acme Mining,Borealis Quarries | 1:true,2:false');
  });

  it("selects the organisation's flags with it", async () => {
    function Flags() {
      const { org, userPermissions, selectOrg } = useOrgContext();
      return (
        <>
          <p data-testid="flags">{`${org.name}: ${String(userPermissions.isOrgAdmin)}`}</p>
          <button type="button" onClick={() => selectOrg(2)}>
            switch
          </button>
        </>
      );
    }
    const { user } = await renderApp(<Flags />, {
      org: [
        { org: { id: 1, name: 'Acme Mining' }, permissions: { isOrgAdmin: true } },
        { org: { id: 2, name: 'Borealis Quarries' } },
      ],
    });
    expect(text('flags')).toBe('Acme Mining: true');
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(text('flags')).toBe('Borealis Quarries: false');
  });

  it('reads the metadata once for the session, not again when the window regains focus', async () => {
    let reads = 0;
    server.use(
      http.get(`${config.crmApiUrl}/Orgs/GetUserMetadata`, () => {
        reads++;
        return HttpResponse.json({ success: true, errors: null, data: defaultMetadata });
      }),
    );
    await renderApp(<ContextView />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads).toBe(1);
  });

  it('sets the page size for every table, stored for the next visit', async () => {
    function PageSize() {
      const { pageSize, setPageSize } = useOrgContext();
      return (
        <button type="button" onClick={() => setPageSize?.(50)}>
          {`page size ${pageSize}`}
        </button>
      );
    }
    const { user } = await renderApp(<PageSize />);
    await user.click(screen.getByRole('button', { name: 'page size 20' }));
    expect(screen.getByRole('button', { name: 'page size 50' })).toBeInTheDocument();
    expect(readStored(storageKeys.pageSize)).toBe(50);
  });
});

describe('OrgProvider reading the metadata', () => {
  it('asks for the organisations with their avatars (SPEC §7: includeOrgAvatars=true)', async () => {
    const { calls } = metadataCalls();
    await renderApp(<ContextView />);
    expect(calls.map((url) => url.searchParams.get('includeOrgAvatars'))).toEqual(['true']);
  });

  it('asks nothing while signed out', async () => {
    const { calls } = metadataCalls();
    await renderApp(
      <OrgProvider optional>
        <OptionalView />
      </OrgProvider>,
      { user: null, orgContext: false },
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(text('optional')).toBe('no organisation context');
    expect(calls).toHaveLength(0);
  });

  it("shows the loader until the organisations arrive, never the 'no organisation' screen", async () => {
    const { calls, release } = metadataCalls({ hold: true });
    await renderSignedIn(
      <OrgProvider>
        <ContextView />
      </OrgProvider>,
    );
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(
      screen.queryByRole('heading', { name: 'You are not in any organization yet' }),
    ).toBeNull();
    release();
    expect(await screen.findByTestId('org')).toHaveTextContent('Acme Mining');
  });

  it('on a public page, waits for the organisations of a signed-in user before showing the page', async () => {
    const { calls, release } = metadataCalls({ hold: true });
    await renderSignedIn(
      <OrgProvider optional>
        <OptionalView />
      </OrgProvider>,
    );
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByTestId('optional')).toBeNull();
    release();
    expect(await screen.findByTestId('optional')).toHaveTextContent('Acme Mining');
  });

  it('reads the organisations once in five minutes, however often the provider mounts', async () => {
    const { calls } = metadataCalls();
    const queryClient = createQueryClient();
    const first = await renderApp(<ContextView />, { queryClient });
    first.unmount();
    await renderApp(<ContextView />, { queryClient });
    expect(text('org')).toBe('Acme Mining');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toHaveLength(1);
  });

  it("selects the caller's organisation, else the default one, when nothing is stored", async () => {
    const first = await renderApp(
      <OrgProvider orgId={2} defaultOrgId={3}>
        <ContextView />
      </OrgProvider>,
      { org: three, orgContext: false },
    );
    expect(text('org')).toBe('Borealis Quarries');
    first.unmount();
    localStorage.clear();
    await renderApp(
      <OrgProvider defaultOrgId={3}>
        <ContextView />
      </OrgProvider>,
      { org: three, orgContext: false },
    );
    expect(text('org')).toBe('Cobalt Blasting');
  });
});

describe('OrgProvider: the organisations asked for at boot (issue 16)', () => {
  /** GetUserMetadata answered by the token it carries: 'refused' gets a 401. */
  function metadataByToken() {
    const tokens: string[] = [];
    server.use(
      http.get(`${config.crmApiUrl}/Orgs/GetUserMetadata`, ({ request }) => {
        const token = request.headers.get('Authorization')?.replace('Bearer ', '') ?? '';
        tokens.push(token);
        if (token === 'refused') return HttpResponse.json({ success: false }, { status: 401 });
        return HttpResponse.json({ success: true, errors: null, data: defaultMetadata });
      }),
    );
    return tokens;
  }
  /** The provider, signed in, after a boot request for `sub` with `accessToken`. */
  async function renderAfterBoot(sub: string, accessToken: string) {
    prefetchUserMetadata({ sub, accessToken });
    await renderSignedIn(
      <OrgProvider>
        <ContextView />
      </OrgProvider>,
    );
    expect(await screen.findByTestId('org')).toHaveTextContent('Acme Mining');
  }

  it("takes the boot request's answer for the same user and asks nothing more", async () => {
    const tokens = metadataByToken();
    await renderAfterBoot(createTestUser().sub, 'stored');
    expect(tokens).toEqual(['stored']);
  });

  it('asks the usual way, with the session, when the boot request was refused', async () => {
    const tokens = metadataByToken();
    await renderAfterBoot(createTestUser().sub, 'refused');
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe('refused');
    expect(tokens[1]).not.toBe('refused');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("never takes another user's answer", async () => {
    const tokens = metadataByToken();
    await renderAfterBoot('someone-else', 'stored');
    await waitFor(() => expect(tokens).toHaveLength(2));
    expect(tokens[1]).not.toBe('stored');
  });
});
