/**
 * The one render helper (CONVENTIONS.md): mounts the real providers — query client, auth
 * (a real oidc-client-ts UserManager over in-memory storage), memory router, organisation
 * context fed by msw — and waits for loading to end.
 *
 *   await renderApp(<UsersPage />, { url: '/users', permissions: { isOrgAdmin: true } });
 *   await renderApp(<ProductPage />, { url: '/offerings/product/7', path: '/offerings/product/:id' });
 *   await renderPortal('site', { url: '/site/12/blasts', org: [...] });   // the whole portal
 *   await renderPortal('org', { url: '/users', pages: 'placeholders' });  // shell and guards only
 */
import { useLayoutEffect, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, waitFor, type RenderResult } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import type { UserMetadata, UserPermissions } from '@/contract/metadata';
import { AuthProvider, useAuthSession, type AuthSession } from '@/core/auth';
import type { Portal } from '@/core/config';
import { ToastHost } from '@/core/notify';
import { OrgProvider } from '@/core/org/provider';
import { createQueryClient } from '@/core/query';
import { storageKeys, writeStored, type MockPermissions } from '@/core/storage';
import { GlobalLoaderProvider, LOADER_ATTRIBUTE } from '@/core/ui/loaders';
import { PortalProvider } from '@/core/ui/portal';
import { orgRoutes, siteRoutes, type RouteDef } from '@/core/routes';
import { buildPortalRoutes, type RoutePages } from '@/core/shell/routing';
import { PlaceholderPage } from '@/core/ui/screens';
import { setupUser } from './user';
import { OrgApp } from '@/org/app/app';
import { orgPages } from '@/org/app/routes';
import { sitePages } from '@/site/app/routes';
import { SiteApp } from '@/site/app/app';
import { createUserMetadata, type MembershipOverrides } from './factories/metadata';
import {
  createTestUser,
  createTestUserManager,
  signInTestUser,
  type TestUser,
} from './factories/session';
import { defaultMetadata, metadataHandler } from './msw/handlers/metadata';
import { server } from './msw/server';

export interface RenderAppOptions {
  /** The signed-in user (claims and role claim); null renders signed out. Default: a test user. */
  user?: Partial<TestUser> | null;
  /**
   * The user's organisations, as GetUserMetadata lists them (factory overrides). Default:
   * one organisation, Acme Mining (id 1), where the user is an org admin.
   */
  org?: MembershipOverrides | readonly MembershipOverrides[];
  /** The user's flags in the first organisation (replaces that membership's flags). */
  permissions?: Partial<UserPermissions>;
  /** The starting URL of the memory router. Default '/'. */
  url?: string;
  /** A route pattern to render `ui` under, so that useParams works ('/offerings/product/:id'). */
  path?: string;
  portal?: Portal;
  /** A stored mock_permissions override (honoured: .env.test enables it). */
  mockPermissions?: MockPermissions;
  /** Wrap `ui` in the organisation provider (default: when signed in). */
  orgContext?: boolean;
  queryClient?: QueryClient;
}

export interface RenderAppResult extends RenderResult {
  /** user-event, set up for this render. */
  user: UserEvent;
  queryClient: QueryClient;
  /** The metadata msw answers with. */
  metadata: UserMetadata;
  /** The router's current location. */
  location: () => Location;
  /** The auth session as components see it. */
  session: () => AuthSession;
  /** Sign-in / sign-out redirects started (they never leave the page in tests). */
  redirects: { signIn: unknown[]; signOut: unknown[] };
}

const probe: { location: Location | null; session: AuthSession | null } = {
  location: null,
  session: null,
};

/**
 * Keeps what the router and the session are for the test to read. In a layout effect: it runs in
 * the commit that renders them, before a query that awaits the new page (a MutationObserver's
 * callback) can resolve. A passive effect ran after that, and a test read the location before
 * the click's (a flaky unit test: the Activity heading found, the path still the dashboard's).
 */
function Probe() {
  const location = useLocation();
  const session = useAuthSession();
  useLayoutEffect(() => {
    probe.location = location;
    probe.session = session;
  });
  return null;
}

export function buildMetadata(
  options: Pick<RenderAppOptions, 'org' | 'permissions'>,
): UserMetadata {
  if (options.org === undefined && options.permissions === undefined) return defaultMetadata;
  const list: MembershipOverrides[] =
    options.org === undefined
      ? [{ org: { id: 1, name: 'Acme Mining' } }]
      : Array.isArray(options.org)
        ? [...(options.org as readonly MembershipOverrides[])]
        : [options.org as MembershipOverrides];
  if (options.permissions && list[0]) list[0] = { ...list[0], permissions: options.permissions };
  return createUserMetadata(list);
}

export async function renderApp(
  ui: ReactElement,
  options: RenderAppOptions = {},
): Promise<RenderAppResult> {
  const portal = options.portal ?? 'org';
  const metadata = buildMetadata(options);
  // Only when asked: a test's own server.use(...) for the metadata call must keep working.
  if (options.org !== undefined || options.permissions !== undefined) {
    server.use(metadataHandler(metadata));
  }
  if (options.mockPermissions) writeStored(storageKeys.mockPermissions, options.mockPermissions);

  const { manager, redirects } = createTestUserManager(portal);
  if (options.user !== null) await signInTestUser(manager, createTestUser(options.user ?? {}));
  const queryClient =
    options.queryClient ??
    createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });

  const withOrg = options.orgContext ?? options.user !== null;
  let content: ReactNode = options.path ? (
    <Routes>
      <Route path={options.path} element={ui} />
    </Routes>
  ) : (
    ui
  );
  if (withOrg) content = <OrgProvider>{content}</OrgProvider>;

  probe.location = null;
  probe.session = null;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.url ?? '/']}>
        <AuthProvider portal={portal} userManager={manager}>
          <Probe />
          <PortalProvider portal={portal}>
            <GlobalLoaderProvider>{content}</GlobalLoaderProvider>
          </PortalProvider>
        </AuthProvider>
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
  await waitForLoadingToEnd(() => redirects.signIn.length + redirects.signOut.length > 0);
  return {
    ...result,
    user: setupUser(),
    queryClient,
    metadata,
    redirects,
    location: () => {
      if (!probe.location) throw new Error('The router has not rendered');
      return probe.location;
    },
    session: () => {
      if (!probe.session) throw new Error('The auth provider has not rendered');
      return probe.session;
    },
  };
}

export interface RenderPortalOptions extends Omit<
  RenderAppOptions,
  'portal' | 'orgContext' | 'path'
> {
  /**
   * 'real' (default): the portal's own feature pages. 'placeholders': every feature page is
   * replaced by a placeholder with its route title (the shell's own pages stay: landing,
   * not-authenticated, account and callback routes) — for tests of routing, guards and the
   * shell that must not depend on what the screens fetch.
   */
  pages?: 'real' | 'placeholders';
  /** With 'placeholders': pages of the test's own for some routes (by route name). */
  withPages?: Record<string, ComponentType>;
}

/** The routes whose pages belong to the shell rather than to a feature issue. */
const shellPages = [
  'presentation',
  'notAuthenticated',
  'login',
  'register',
  'signInOidc',
  'signOutCallbackOidc',
];

function withPlaceholders<T extends Record<string, RouteDef>>(
  table: T,
  pages: RoutePages<T>,
  own: Record<string, ComponentType> = {},
): RoutePages<T> {
  const out: Record<string, ComponentType> = {};
  for (const [name, def] of Object.entries(table) as [keyof T & string, RouteDef][]) {
    out[name] =
      own[name] ??
      (shellPages.includes(name) ? pages[name] : () => <PlaceholderPage title={def.title} />);
  }
  return out as RoutePages<T>;
}

/** Renders a whole portal (its routes, shell and guards) at options.url. */
export function renderPortal(
  portal: Portal,
  { pages = 'real', withPages, ...options }: RenderPortalOptions = {},
) {
  let ui: ReactElement;
  if (portal === 'org') {
    ui =
      pages === 'real' ? (
        <OrgApp />
      ) : (
        <OrgApp
          routes={buildPortalRoutes(orgRoutes, withPlaceholders(orgRoutes, orgPages, withPages))}
        />
      );
  } else {
    ui =
      pages === 'real' ? (
        <SiteApp />
      ) : (
        <SiteApp
          routes={buildPortalRoutes(siteRoutes, withPlaceholders(siteRoutes, sitePages, withPages))}
        />
      );
  }
  return renderApp(ui, { ...options, portal, orgContext: false });
}

/**
 * Waits until the session is settled and no app loader (lazy page, metadata…) is showing; or
 * until a sign-in/sign-out redirect started (a real browser would be leaving the page).
 */
export async function waitForLoadingToEnd(redirecting: () => boolean = () => false): Promise<void> {
  await waitFor(
    () => {
      if (redirecting()) return;
      if (!probe.session || probe.session.status === 'loading') throw new Error('session loading');
      if (document.querySelector(`[${LOADER_ATTRIBUTE}]`)) throw new Error('still loading');
    },
    { timeout: 4000 },
  );
}
