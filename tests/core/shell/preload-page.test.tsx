import { render, screen } from '@testing-library/react';
import { Suspense, type JSX } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { orgRoutes, siteRoutes, type RouteDef } from '@/core/routes';
import { lazyWithPreload } from '@/core/lazy';
import { preloadPage, type RoutePages } from '@/core/shell/routing';

/**
 * Issue 16, first rows at once: the page a URL opens starts loading at boot, beside the session
 * and the user's organisations, and is loaded once whether preloaded or rendered first.
 */
const Page = (text: string) => () => <p>{text}</p>;
const loaded = (text: string) => Promise.resolve({ default: Page(text) });

/** A page per route of a table, each with a loader the test can watch. */
function pagesOf<Table extends Record<string, RouteDef>>(table: Table) {
  const loaders = Object.fromEntries(
    Object.keys(table).map((name) => [name, vi.fn(() => loaded(`${name} page`))]),
  );
  const pages = Object.fromEntries(
    Object.entries(loaders).map(([name, load]) => [name, lazyWithPreload(load)]),
  ) as unknown as RoutePages<Table>;
  return { loaders, pages };
}

describe('preloadPage', () => {
  it("loads the page of the URL's route, with or without the organisation prefix, and no other", () => {
    const { loaders, pages } = pagesOf(orgRoutes);
    expect(preloadPage(orgRoutes, pages, '/org/7/issued-licences')).toBe('issuedLicences');
    expect(preloadPage(orgRoutes, pages, '/org/7')).toBe('presentation');
    expect(preloadPage(orgRoutes, pages, '/no/such/page')).toBeNull();
    const called = Object.entries(loaders)
      .filter(([, load]) => load.mock.calls.length > 0)
      .map(([name]) => name);
    expect(called.sort()).toEqual(['issuedLicences', 'presentation']);
  });

  it("finds each route's own page from its URL, in both portals", () => {
    for (const table of [orgRoutes, siteRoutes] as Array<Record<string, RouteDef>>) {
      const { pages } = pagesOf(table);
      for (const [name, def] of Object.entries(table)) {
        const url = def.path.replace(/:[^/]+/g, '12');
        expect(preloadPage(table, pages, url), url).toBe(name);
        expect(preloadPage(table, pages, `/org/3${url === '/' ? '' : url}`), url).toBe(name);
      }
    }
  });

  it('loads a page once: rendered after a preload, it asks nothing more', async () => {
    const load = vi.fn(() => loaded('Home page'));
    const Home = lazyWithPreload(load);
    void Home.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Home />
      </Suspense>,
    );
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is tried again when the page renders', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => JSX.Element }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(() => loaded('Home page'));
    const Home = lazyWithPreload(load);
    await expect(Home.preload()).rejects.toThrow('offline');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Home />
      </Suspense>,
    );
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
