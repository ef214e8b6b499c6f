import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { useNavigate } from 'react-router-dom';
import { useOrgContext } from '@/core/org/context';
import { OrgProvider, userMetadataKeys } from '@/core/org/provider';
import { orgQueryKey } from '@/core/query';
import { readStored, storageKeys, writeStored } from '@/core/storage';
import {
  AppDirtyFormsContext,
  LEAVE_UNSAVED,
  type DirtyForms,
} from '@/core/ui/leave-guard-provider';
import { renderApp } from '../../render';
import { server } from '../../msw/server';
import { createUserMetadata, type MembershipOverrides } from '../../factories/metadata';
import { metadataHandler } from '../../msw/handlers/metadata';

// Site 12 belongs to Acme and to Borealis (a shared site); site 13 to Borealis only.
const three: MembershipOverrides[] = [
  { org: { id: 1, name: 'Acme Mining', sites: [{ id: 11, name: 'Acme Pit' }, { id: 12 }] } },
  {
    org: {
      id: 2,
      name: 'Borealis Quarries',
      sites: [
        { id: 12, name: 'Shared Face' },
        { id: 13, name: 'North Face' },
      ],
    },
  },
  { org: { id: 3, name: 'Cobalt Blasting' } },
];

/** The selected organisation, site and scope problem, and a button per switch. */
function Selection() {
  const { org, site, scopeProblem, selectOrg } = useOrgContext();
  return (
    <>
      <p data-testid="org">{org.name}</p>
      <p data-testid="site">{site?.name ?? 'none'}</p>
      <p data-testid="problem">{scopeProblem ?? 'none'}</p>
      <button type="button" onClick={() => selectOrg(1)}>
        to Acme
      </button>
      <button type="button" onClick={() => selectOrg(2)}>
        to Borealis
      </button>
      <button type="button" onClick={() => selectOrg(99)}>
        to a stranger
      </button>
      <button type="button" onClick={() => selectOrg(2, { to: '/licences?page=3' })}>
        to Borealis licences
      </button>
      <button type="button" onClick={() => selectOrg(2, { to: '/users?page=2' })}>
        to Borealis, same page
      </button>
    </>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;
const path = (location: () => { pathname: string; search: string }) =>
  `${location().pathname}${location().search}`;

/**
 * Renders <Selection> in an organisation provider of the test's own (props, leave guard), with a
 * button that goes to each of `links` (client-side).
 */
function renderSelection(
  options: {
    url?: string;
    links?: string[];
    portal?: 'org' | 'site';
    org?: MembershipOverrides[];
    wrap?: (node: ReactNode) => ReactNode;
    orgId?: number;
    defaultOrgId?: number;
  } = {},
) {
  const { wrap = (node) => node, orgId, defaultOrgId, links = [], ...rest } = options;
  return renderApp(
    <>
      {wrap(
        <OrgProvider orgId={orgId} defaultOrgId={defaultOrgId}>
          <Selection />
          {links.map((to) => (
            <LinkTo key={to} path={to} />
          ))}
        </OrgProvider>,
      )}
    </>,
    { org: three, orgContext: false, ...rest },
  );
}

describe('choosing the organisation (SPEC §4)', () => {
  it("takes the caller's organisation before the default", async () => {
    await renderSelection({ orgId: 3, defaultOrgId: 2 });
    expect(text('org')).toBe('Cobalt Blasting');
  });

  it('takes the default when the caller names none', async () => {
    await renderSelection({ defaultOrgId: 2 });
    expect(text('org')).toBe('Borealis Quarries');
    await waitFor(() => {
      expect(readStored(storageKeys.org)).toBe(2);
    });
  });

  it('the stored preference wins over both', async () => {
    writeStored(storageKeys.org, 1);
    await renderSelection({ orgId: 3, defaultOrgId: 2 });
    expect(text('org')).toBe('Acme Mining');
  });

  it('a new_org_id of an organisation the user is not in is cleared and not selected', async () => {
    writeStored(storageKeys.org, 2);
    writeStored(storageKeys.newOrgId, 99);
    await renderSelection();
    expect(text('org')).toBe('Borealis Quarries');
    expect(readStored(storageKeys.newOrgId)).toBeUndefined();
  });
});

describe('the organisation and site of the URL (SPEC §2)', () => {
  it('a plain page has no scope problem and no site', async () => {
    await renderSelection({ url: '/users' });
    expect(text('problem')).toBe('none');
    expect(text('site')).toBe('none');
  });

  it.each([
    ['/org/abc/users', 'a malformed organisation id'],
    ['/org/99/users', 'an organisation the user is not in'],
  ])('%s (%s) is an unknown organisation', async (url) => {
    await renderSelection({ url });
    expect(text('problem')).toBe('unknownOrg');
    // The page behind stays in the organisation chosen before.
    expect(text('org')).toBe('Acme Mining');
  });

  it('a site of none of the user organisations is an unknown site', async () => {
    await renderSelection({ url: '/site/99/blasts', portal: 'site' });
    expect(text('problem')).toBe('unknownSite');
    expect(text('site')).toBe('none');
  });

  it('a site segment that is not an id is a scope problem too (the page is not found)', async () => {
    await renderSelection({ url: '/site/x/blasts', portal: 'site' });
    expect(text('problem')).toBe('unknownOrg');
    expect(text('site')).toBe('none');
  });

  it("a shared site opens in the URL's organisation", async () => {
    await renderSelection({ url: '/org/2/site/12/blasts', portal: 'site' });
    expect(text('org')).toBe('Borealis Quarries');
    expect(text('site')).toBe('Shared Face');
    expect(text('problem')).toBe('none');
  });

  it('a shared site opens in the organisation chosen before when the URL names none', async () => {
    writeStored(storageKeys.org, 2);
    await renderSelection({ url: '/site/12/blasts', portal: 'site' });
    expect(text('org')).toBe('Borealis Quarries');
    expect(text('site')).toBe('Shared Face');
  });

  it('the organisation of a prefixed page stays selected after leaving it', async () => {
    const { user } = await renderSelection({ url: '/org/3/users', links: ['/users'] });
    expect(text('org')).toBe('Cobalt Blasting');
    await user.click(screen.getByRole('button', { name: 'go /users' }));
    expect(text('org')).toBe('Cobalt Blasting');
    expect(readStored(storageKeys.org)).toBe(3);
    expect(readStored(storageKeys.userOrgs)).toEqual([3, 1, 2]);
  });

  it('the last prefixed organisation visited is the one that stays', async () => {
    const { user } = await renderSelection({
      url: '/org/3/users',
      links: ['/org/2/users', '/users'],
    });
    await user.click(screen.getByRole('button', { name: 'go /org/2/users' }));
    expect(text('org')).toBe('Borealis Quarries');
    await waitFor(() => {
      expect(readStored(storageKeys.userOrgs)).toEqual([2, 1, 3]);
    });
    expect(readStored(storageKeys.org)).toBe(2);
    await user.click(screen.getByRole('button', { name: 'go /users' }));
    expect(text('org')).toBe('Borealis Quarries');
  });

  it("the site page's organisation stays selected after leaving it", async () => {
    writeStored(storageKeys.org, 1);
    const { user } = await renderSelection({
      url: '/site/13/blasts',
      portal: 'site',
      links: ['/users'],
    });
    expect(text('org')).toBe('Borealis Quarries');
    expect(text('site')).toBe('North Face');
    await user.click(screen.getByRole('button', { name: 'go /users' }));
    expect(text('org')).toBe('Borealis Quarries');
    expect(text('site')).toBe('none');
  });

  it('a plain page visited after the prefixed one keeps the choice made there', async () => {
    writeStored(storageKeys.org, 1);
    const { user } = await renderSelection({ url: '/users', links: ['/licences'] });
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    await user.click(screen.getByRole('button', { name: 'go /licences' }));
    expect(text('org')).toBe('Borealis Quarries');
    expect(readStored(storageKeys.org)).toBe(2);
  });
});

describe('after the metadata is read again (an organisation joined)', () => {
  it('the new organisation can be selected', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, queryClient } = await renderSelection({ org: three.slice(0, 1) });
    expect(text('org')).toBe('Acme Mining');
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    expect(text('org')).toBe('Acme Mining');
    server.use(metadataHandler(createUserMetadata(three)));
    await act(() => queryClient.invalidateQueries({ queryKey: userMetadataKeys.all }));
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    expect(text('org')).toBe('Borealis Quarries');
    expect(readStored(storageKeys.userOrgs)).toEqual([2, 1, 3]);
  });
});

/** A button that navigates (what a link of the page does). */
function LinkTo({ path: to }: { path: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      {`go ${to}`}
    </button>
  );
}

describe('switching organisation (SPEC §4)', () => {
  it('selects the organisation, stores it and puts it first in userOrgs', async () => {
    const { user, location } = await renderSelection({ url: '/users?page=2' });
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    expect(text('org')).toBe('Borealis Quarries');
    expect(readStored(storageKeys.org)).toBe(2);
    expect(readStored(storageKeys.userOrgs)).toEqual([2, 1, 3]);
    // A page without prefix stays where it is.
    expect(path(location)).toBe('/users?page=2');
  });

  it('refuses an organisation the user is not in: nothing changes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, location } = await renderSelection({ url: '/org/1/users' });
    const before = location().key;
    await user.click(screen.getByRole('button', { name: 'to a stranger' }));
    expect(text('org')).toBe('Acme Mining');
    expect(readStored(storageKeys.org)).toBe(1);
    expect(location().key).toBe(before);
    expect(path(location)).toBe('/org/1/users');
    expect(warn).toHaveBeenCalled();
  });

  it('goes where the switcher asks', async () => {
    const { user, location } = await renderSelection({ url: '/users' });
    await user.click(screen.getByRole('button', { name: 'to Borealis licences' }));
    expect(path(location)).toBe('/licences?page=3');
    expect(text('org')).toBe('Borealis Quarries');
  });

  it('asked to go where it already is, adds no history entry (Back leaves the page)', async () => {
    const { user, location } = await renderSelection({ url: '/users?page=2' });
    const before = location().key;
    await user.click(screen.getByRole('button', { name: 'to Borealis, same page' }));
    expect(text('org')).toBe('Borealis Quarries');
    expect(path(location)).toBe('/users?page=2');
    expect(location().key).toBe(before);
  });

  it('keeps the /org/{orgId} prefix and the query in step', async () => {
    const { user, location } = await renderSelection({ url: '/org/1/users?page=2' });
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    await waitFor(() => {
      expect(path(location)).toBe('/org/2/users?page=2');
    });
    expect(text('org')).toBe('Borealis Quarries');
  });

  it('leaves a site page for the dashboard when the new organisation lacks the site', async () => {
    const { user, location } = await renderSelection({ url: '/site/11/blasts', portal: 'site' });
    expect(text('site')).toBe('Acme Pit');
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    await waitFor(() => {
      expect(location().pathname).toBe('/dashboard');
    });
    expect(text('org')).toBe('Borealis Quarries');
    expect(text('site')).toBe('none');
  });

  it('on a prefixed site page, the dashboard keeps the prefix of the new organisation', async () => {
    const { user, location } = await renderSelection({
      url: '/org/1/site/11/blasts',
      portal: 'site',
    });
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    await waitFor(() => {
      expect(location().pathname).toBe('/org/2/dashboard');
    });
    expect(text('org')).toBe('Borealis Quarries');
  });

  it('stays on a site page the new organisation shares', async () => {
    const { user, location } = await renderSelection({
      url: '/org/1/site/12/blasts?day=2',
      portal: 'site',
    });
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    await waitFor(() => {
      expect(path(location)).toBe('/org/2/site/12/blasts?day=2');
    });
    expect(text('org')).toBe('Borealis Quarries');
    expect(text('site')).toBe('Shared Face');
  });

  it('stays on an unprefixed site page the new organisation shares', async () => {
    const { user, location } = await renderSelection({ url: '/site/12/blasts', portal: 'site' });
    const before = location().key;
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    expect(text('org')).toBe('Borealis Quarries');
    expect(text('site')).toBe('Shared Face');
    expect(path(location)).toBe('/site/12/blasts');
    expect(location().key).toBe(before);
  });
});

describe('switching with unsaved changes (issue 17)', () => {
  const dirty: DirtyForms = { set: () => undefined, any: () => true };
  const withDirtyForm = (node: ReactNode) => (
    <AppDirtyFormsContext.Provider value={dirty}>{node}</AppDirtyFormsContext.Provider>
  );

  it('asks first; declined, the organisation stays', async () => {
    const asked = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, location } = await renderSelection({ url: '/org/1/users', wrap: withDirtyForm });
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    expect(asked).toHaveBeenCalledWith(LEAVE_UNSAVED);
    expect(text('org')).toBe('Acme Mining');
    expect(readStored(storageKeys.org)).toBe(1);
    expect(path(location)).toBe('/org/1/users');
  });

  it('asks first; accepted, it switches', async () => {
    const asked = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, location } = await renderSelection({ url: '/org/1/users', wrap: withDirtyForm });
    await user.click(screen.getByRole('button', { name: 'to Borealis' }));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(text('org')).toBe('Borealis Quarries');
    await waitFor(() => {
      expect(path(location)).toBe('/org/2/users');
    });
  });

  it('does not ask when the organisation asked for is the one shown', async () => {
    const asked = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await renderSelection({ url: '/users', wrap: withDirtyForm });
    await user.click(screen.getByRole('button', { name: 'to Acme' }));
    expect(asked).not.toHaveBeenCalled();
    expect(text('org')).toBe('Acme Mining');
  });
});

describe('refreshing on a switch (SPEC §4)', () => {
  it("refetches only the new organisation's queries, not another's or unkeyed ones", async () => {
    const calls: string[] = [];
    server.use(
      http.get('https://example.invalid/data', ({ request }) => {
        const key = new URL(request.url).searchParams.get('key') ?? '';
        calls.push(key);
        return HttpResponse.json({ n: calls.filter((c) => c === key).length });
      }),
    );
    const read = async (key: string) =>
      (await fetch(`https://example.invalid/data?key=${key}`)).json() as Promise<{ n: number }>;
    function Page() {
      const { org, selectOrg } = useOrgContext();
      const fresh = { staleTime: 5 * 60_000 };
      const own = useQuery({
        ...fresh,
        queryKey: orgQueryKey(org.id, 'own'),
        queryFn: () => read(`own-${org.id}`),
      });
      const pinned = useQuery({
        ...fresh,
        queryKey: orgQueryKey(3, 'pinned'),
        queryFn: () => read('pinned'),
      });
      const plain = useQuery({ ...fresh, queryKey: ['plain', 2], queryFn: () => read('plain') });
      // A key ending with null (no organisation yet) is not one of the organisation's.
      useQuery({ ...fresh, queryKey: ['unscoped', null], queryFn: () => read('unscoped') });
      return (
        <>
          <p>{`${org.name} own ${String(own.data?.n)} pinned ${String(pinned.data?.n)} plain ${String(plain.data?.n)}`}</p>
          <button type="button" onClick={() => selectOrg(org.id === 1 ? 2 : 1)}>
            switch
          </button>
        </>
      );
    }
    const { user } = await renderApp(<Page />, { org: three });
    expect(await screen.findByText('Acme Mining own 1 pinned 1 plain 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Borealis Quarries own 1 pinned 1 plain 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Acme Mining own 2 pinned 1 plain 1')).toBeInTheDocument();
    expect(calls.filter((c) => !c.startsWith('own-'))).toEqual(['pinned', 'plain', 'unscoped']);
  });

  /** A page whose list is keyed to the organisation, with its fetches counted per organisation. */
  function countedOrgList(staleTime: number) {
    const calls: string[] = [];
    server.use(
      http.get('https://example.invalid/list', ({ request }) => {
        calls.push(new URL(request.url).searchParams.get('orgId') ?? '');
        return HttpResponse.json({ n: calls.length });
      }),
    );
    function Page() {
      const { org, selectOrg } = useOrgContext();
      const list = useQuery({
        staleTime,
        queryKey: orgQueryKey(org.id, 'list'),
        queryFn: async () =>
          (await fetch(`https://example.invalid/list?orgId=${org.id}`)).json() as Promise<{
            n: number;
          }>,
      });
      return (
        <>
          <p>{`${org.name}: ${list.isFetching ? 'fetching' : String(list.data?.n)}`}</p>
          <button type="button" onClick={() => selectOrg(org.id === 1 ? 2 : 1)}>
            switch
          </button>
        </>
      );
    }
    return { calls, Page };
  }

  it('refetches on every arrival in an organisation, not only the first return', async () => {
    const { calls, Page } = countedOrgList(5 * 60_000);
    const { user } = await renderApp(<Page />, { org: three });
    expect(await screen.findByText('Acme Mining: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Borealis Quarries: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Acme Mining: 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Borealis Quarries: 4')).toBeInTheDocument();
    expect(calls).toEqual(['1', '2', '1', '2']);
  });

  it('a list already refetching on the switch (stale) is fetched once, not twice', async () => {
    const { calls, Page } = countedOrgList(0);
    const { user } = await renderApp(<Page />, { org: three });
    expect(await screen.findByText('Acme Mining: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Borealis Quarries: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Acme Mining: 3')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toEqual(['1', '2', '1']);
  });
});
