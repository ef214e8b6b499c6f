import { createContext, Suspense, useContext, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RequireAuth, SIGN_IN_FAILED_MESSAGE, SignInButtons, useAuthSession } from '@/core/auth';
import { OrgProvider } from '@/core/org/provider';
import { useOptionalOrgContext, type OrgContextValue } from '@/core/org/context';
import { MockPermissionsBadge } from '@/core/permissions/mock-badge';
import { RouteErrorBoundary } from '@/core/ui/error-boundary';
import { FullScreenLoader } from '@/core/ui/loaders';
import { usePortal } from '@/core/ui/portal';
import { MainLandmark, PageFrame, TopBar } from './frame';
import { OrgSwitcher } from './org-switcher';
import { Sidebar, type SidebarSection } from './sidebar';
import { UserMenu, type UserMenuLink } from './user-menu';

/** What a portal puts in its shell. */
export interface ShellConfig {
  /** The sidebar's sections for the current organisation context (null: none selected). */
  sidebar: (context: OrgContextValue | null) => SidebarSection[];
  userMenuLinks?: readonly UserMenuLink[];
}

const ShellConfigContext = createContext<ShellConfig>({ sidebar: () => [] });

export function ShellConfigProvider({
  config,
  children,
}: {
  config: ShellConfig;
  children: ReactNode;
}) {
  return <ShellConfigContext.Provider value={config}>{children}</ShellConfigContext.Provider>;
}

/** A route's content inside main: a boundary that resets on navigation, and the lazy fallback. */
function RouteContent({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** The shell of a signed-in user: top bar, sidebar, main. */
export function AppShell({ children }: { children: ReactNode }) {
  const { name } = usePortal();
  const shell = useContext(ShellConfigContext);
  const context = useOptionalOrgContext();
  const location = useLocation();
  // Open at one path: navigating closes it (narrow screens).
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.pathname;
  const setOpen = (next: boolean) => {
    setOpenAt(next ? location.pathname : null);
  };
  const sidebarId = 'app-sidebar';
  return (
    <PageFrame>
      <TopBar
        portalName={name}
        start={
          // Issue 17: Bootstrap's toggler (the three-bar icon), so that the bar keeps one row.
          <button
            type="button"
            className="navbar-toggler app-menu-toggle d-md-none px-2 py-1"
            aria-label="Menu"
            aria-controls={sidebarId}
            aria-expanded={open}
            onClick={() => {
              setOpen(!open);
            }}
          >
            <span className="navbar-toggler-icon" aria-hidden="true" />
          </button>
        }
      >
        <MockPermissionsBadge />
        <OrgSwitcher />
        <UserMenu links={shell.userMenuLinks ?? []} />
      </TopBar>
      <div className="d-flex flex-column flex-md-row flex-grow-1">
        <Sidebar
          id={sidebarId}
          sections={shell.sidebar(context)}
          open={open}
          onNavigate={() => {
            setOpen(false);
          }}
        />
        <MainLandmark>
          <RouteContent>{children}</RouteContent>
        </MainLandmark>
      </div>
    </PageFrame>
  );
}

/**
 * The frame of a signed-out visitor: top bar with Sign in and Register, and main. A sign-in that
 * failed here (the library could not load, the provider could not be reached, its answer was
 * refused) says so above the page, which keeps its Sign in for the next attempt.
 */
export function SignedOutShell({
  children,
  actions = true,
}: {
  children: ReactNode;
  actions?: boolean;
}) {
  const { name } = usePortal();
  const session = useAuthSession();
  const signedOut = actions && session.status === 'unauthenticated';
  return (
    <PageFrame>
      <TopBar portalName={name}>{signedOut ? <SignInButtons variant="top-bar" /> : null}</TopBar>
      <MainLandmark>
        {signedOut && session.error ? (
          <p role="alert" className="alert alert-danger">
            {SIGN_IN_FAILED_MESSAGE}
          </p>
        ) : null}
        <RouteContent>{children}</RouteContent>
      </MainLandmark>
    </PageFrame>
  );
}

const signedOutFrame = (node: ReactNode) => <SignedOutShell actions={false}>{node}</SignedOutShell>;

/** Anonymous routes: no sign-in, no organisation (callbacks, anonymous links). */
export function AnonymousLayout() {
  return (
    <SignedOutShell actions={false}>
      <Outlet />
    </SignedOutShell>
  );
}

/** Public routes: everyone; a signed-in user gets the full shell (with their organisation). */
export function PublicLayout() {
  const session = useAuthSession();
  if (session.status === 'authenticated') {
    return (
      <OrgProvider optional frame={signedOutFrame}>
        <AppShell>
          <Outlet />
        </AppShell>
      </OrgProvider>
    );
  }
  return (
    <SignedOutShell>
      {session.status === 'loading' ? <FullScreenLoader /> : <Outlet />}
    </SignedOutShell>
  );
}

/**
 * Protected routes: sign-in required (RequireAuth redirects, saving the path), then the
 * organisation context and the shell. A main landmark is there throughout.
 */
export function ProtectedLayout() {
  const session = useAuthSession();
  if (session.status !== 'authenticated') {
    return (
      <SignedOutShell actions={false}>
        <RequireAuth>
          <FullScreenLoader />
        </RequireAuth>
      </SignedOutShell>
    );
  }
  return (
    <RequireAuth>
      <OrgProvider frame={signedOutFrame}>
        <AppShell>
          <Outlet />
        </AppShell>
      </OrgProvider>
    </RequireAuth>
  );
}
