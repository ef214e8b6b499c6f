import type { ComponentType } from 'react';
import { matchPath, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useOptionalOrgContext } from '@/core/org/context';
import { useCanAccess } from '@/core/permissions';
import type { Preloadable } from '@/core/lazy';
import type { RouteDef } from '@/core/routes';
import { useRouteTitle } from '@/core/ui/portal';
import { NoAccessScreen, NotFoundScreen } from '@/core/ui/screens';
import { AnonymousLayout, ProtectedLayout, PublicLayout } from './layouts';

/** Each route name of a table mapped to its (lazy) page: a missing page is a type error. */
export type RoutePages<Table extends Record<string, RouteDef>> = {
  readonly [Name in keyof Table]: ComponentType;
};

/**
 * Starts loading the page of the route a URL opens, at boot: its code then arrives while the
 * session and the user's organisations load, not after them (issue 16: first rows at once on a
 * slow network). Answers the route's name, or null when no route matches.
 */
export function preloadPage<Table extends Record<string, RouteDef>>(
  table: Table,
  pages: RoutePages<Table>,
  pathname: string,
): (keyof Table & string) | null {
  const path = pathname.replace(/^\/org\/[^/]+(?=\/|$)/, '') || '/';
  for (const [name, def] of Object.entries(table) as [keyof Table & string, RouteDef][]) {
    if (!matchPath({ path: def.path, end: true }, path)) continue;
    const { preload } = pages[name] as Partial<Preloadable<object>>;
    void preload?.().catch(() => undefined);
    return name;
  }
  return null;
}

/**
 * What stands between a protected route and its page: the URL's organisation or site must be
 * one of the user's (else not found, SPEC §2), and the flags must allow it (else no access).
 */
export function RouteGate({ def, page: Page }: { def: RouteDef; page: ComponentType }) {
  const context = useOptionalOrgContext();
  const allowed = useCanAccess(def.requirement);
  useRouteTitle(def.title, useLocation().pathname);
  if (context?.scopeProblem) return <NotFoundScreen />;
  if (def.access === 'protected' && !allowed) return <NoAccessScreen />;
  return <Page />;
}

const relative = (path: string) => path.replace(/^\//, '');

/**
 * Builds the router configuration of a portal from its route table: each route under the
 * layout of its access kind, and the whole set once more under /org/{orgId} (SPEC §2: paths
 * can be prefixed; the prefix selects that organisation).
 */
export function buildPortalRoutes<Table extends Record<string, RouteDef>>(
  table: Table,
  pages: RoutePages<Table>,
): RouteObject[] {
  const entries = Object.entries(table) as [keyof Table & string, RouteDef][];
  const childrenOf = (access: RouteDef['access']): RouteObject[] =>
    entries
      .filter(([, def]) => def.access === access)
      .map(([name, def]) => {
        const element = <RouteGate def={def} page={pages[name]} />;
        return def.path === '/' ? { index: true, element } : { path: relative(def.path), element };
      });
  const set = (): RouteObject[] => [
    { element: <AnonymousLayout />, children: childrenOf('anonymous') },
    {
      element: <PublicLayout />,
      children: [...childrenOf('public'), { path: '*', element: <NotFoundScreen /> }],
    },
    { element: <ProtectedLayout />, children: childrenOf('protected') },
  ];
  return [...set(), { path: 'org/:orgId', children: set() }];
}

/** Renders a portal's routes (inside a router). */
export function PortalRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
