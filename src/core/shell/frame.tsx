import type { ReactNode } from 'react';
import { config } from '@/core/config';
import './shell.css';

/**
 * SPEC §1: a fixed-colour dashed border marks test environments, recognised by this marker in
 * window.location.origin (e.g. https://portal-test.example.com). docs/routes.md.
 */
export const TEST_ORIGIN_MARKER = 'test';
/** The border's fixed colour (orange: distinct from every Bootstrap theme colour in use). */
export const TEST_BORDER_COLOUR = '#fd7e14';

export function isTestOrigin(origin: string): boolean {
  return origin.toLowerCase().includes(TEST_ORIGIN_MARKER);
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** The page's outer frame: the test-environment border, and the skip link first in tab order. */
export function PageFrame({ children }: { children: ReactNode }) {
  const test = isTestOrigin(currentOrigin());
  return (
    <div
      className="d-flex flex-column min-vh-100"
      data-test-environment={test ? '' : undefined}
      style={test ? { border: `4px dashed ${TEST_BORDER_COLOUR}` } : undefined}
    >
      <a
        className="visually-hidden-focusable position-absolute top-0 start-0 p-2 m-1 bg-body border rounded z-3"
        href="#main"
      >
        Skip to main content
      </a>
      {children}
    </div>
  );
}

/** SPEC §1: the environment tag (portal-test / portal-prod). */
export function EnvironmentTag() {
  const prod = config.environment === 'portal-prod';
  return (
    <span
      className={`badge ${prod ? 'text-bg-secondary' : 'text-bg-warning'} ms-2`}
      title="Environment"
    >
      {config.environment}
    </span>
  );
}

export interface TopBarProps {
  portalName: string;
  /** Left of the brand (the sidebar toggle on narrow screens). */
  start?: ReactNode;
  /** Right-hand side: switcher, user menu, sign-in buttons. */
  children?: ReactNode;
}

export function TopBar({ portalName, start, children }: TopBarProps) {
  return (
    // Issue 17: one row at every width (a phone included): the portal's name gives way first
    // (cut with an ellipsis), then the organisation's; the controls keep their size.
    <header
      className="navbar flex-nowrap bg-dark border-bottom px-2 px-md-3 gap-2"
      data-bs-theme="dark"
    >
      {start}
      <a className="navbar-brand app-brand d-flex align-items-center me-auto" href="/">
        <span className="text-truncate">{portalName}</span>
        <EnvironmentTag />
      </a>
      <div className="app-topbar-actions d-flex align-items-center gap-2 justify-content-end">
        {children}
      </div>
    </header>
  );
}

/** The main landmark every layout renders (target of the skip link). */
export function MainLandmark({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="app-main flex-grow-1 container-fluid py-3 px-3 px-md-4"
    >
      {children}
    </main>
  );
}
