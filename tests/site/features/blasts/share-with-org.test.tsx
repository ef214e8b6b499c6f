import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { ShareWithOrg } from '@/site/features/blasts/components/share-with-org';
import { renderApp } from '../../../render';
import { server } from '../../../msw/server';
import { borealis } from '../../../factories/data';
import { data, ok } from '../../../msw/envelope';

const targetsUrl = data('orgs/2/sites/1/share-targets');
const zeta = (n: number) => ({ id: 100 + n, name: `Zeta Quarry ${String(n).padStart(2, '0')}` });

describe('Share with an organization (issue 16: a picker says when it shows only the first)', () => {
  it('says how many match when the first 20 are not all, and narrows as the user types more', async () => {
    const searched: string[] = [];
    server.use(
      http.get(targetsUrl, ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        searched.push(search);
        return search === 'zeta'
          ? ok({ results: Array.from({ length: 20 }, (_, i) => zeta(i + 1)), total: 25 })
          : ok({ results: [zeta(25)], total: 1 });
      }),
    );
    const onShare = vi.fn(() => Promise.resolve());
    const { user } = await renderApp(<ShareWithOrg orgId={2} siteId={1} onShare={onShare} />, {
      portal: 'site',
      org: borealis(),
    });
    const name = screen.getByRole('textbox', { name: 'Organization name' });
    await user.type(name, 'zeta{Enter}');
    expect(
      await screen.findByText(
        'The first 20 of 25 organizations that match: type more of the name to narrow them.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Share with Zeta Quarry/ })).toHaveLength(20);

    await user.type(name, ' quarry 25');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('button', { name: 'Share with Zeta Quarry 25' }));
    expect(screen.queryByText(/organizations that match/)).not.toBeInTheDocument();
    expect(onShare).toHaveBeenCalledWith(zeta(25));
    expect(searched).toEqual(['zeta', 'zeta quarry 25']);
  });

  it('says so when none matches', async () => {
    server.use(http.get(targetsUrl, () => ok({ results: [], total: 0 })));
    const { user } = await renderApp(
      <ShareWithOrg orgId={2} siteId={1} onShare={() => Promise.resolve()} />,
      { portal: 'site', org: borealis() },
    );
    await user.type(screen.getByRole('textbox', { name: 'Organization name' }), 'nobody{Enter}');
    expect(await screen.findByText('No organization found.')).toBeInTheDocument();
  });
});
