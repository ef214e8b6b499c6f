import { createContext, useContext, useEffect, useLayoutEffect, type ReactNode } from 'react';
import type { Portal } from '@/core/config';

export const PORTAL_NAMES: Record<Portal, string> = {
  org: 'Organization Portal',
  site: 'Site Portal',
};

const PortalContext = createContext<Portal>('org');

/** Tells core screens which portal they are in (names, titles). */
export function PortalProvider({ portal, children }: { portal: Portal; children: ReactNode }) {
  return <PortalContext.Provider value={portal}>{children}</PortalContext.Provider>;
}

export function usePortal(): { portal: Portal; name: string } {
  const portal = useContext(PortalContext);
  return { portal, name: PORTAL_NAMES[portal] };
}

/** document.title = 'Users - Organization Portal' (the portal name alone without a page title). */
export function pageTitle(page: string | undefined, portalName: string): string {
  return page ? `${page} - ${portalName}` : portalName;
}

/**
 * The route's title, from the route table (SPEC §2), set once per route by the shell's gate. A
 * layout effect: it runs before every page's passive effects, so a screen the page shows instead
 * of its content (not found, error, no access: useDocumentTitle) replaces it, never the reverse.
 */
export function useRouteTitle(title: string, address: string): void {
  const { name } = usePortal();
  // Set again at each address: a record that was not found leaves no stale title behind.
  useLayoutEffect(() => {
    document.title = pageTitle(title, name);
  }, [title, name, address]);
}

/** A screen that stands for the page (not found, error, no access) names itself. */
export function useDocumentTitle(page?: string): void {
  const { name } = usePortal();
  useEffect(() => {
    document.title = pageTitle(page, name);
  }, [page, name]);
}
