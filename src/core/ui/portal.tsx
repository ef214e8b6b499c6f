import { createContext, useContext, useEffect, type ReactNode } from 'react';
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

export function useDocumentTitle(page?: string): void {
  const { name } = usePortal();
  useEffect(() => {
    document.title = pageTitle(page, name);
  }, [page, name]);
}
