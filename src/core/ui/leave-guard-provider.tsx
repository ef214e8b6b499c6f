/**
 * The part of the leave guard (issue 17, ./leave-guard.tsx) that every page loads with the
 * shell: the question, the registries of forms with unsaved changes, and the provider that
 * makes the browser's Back and Forward ask. The forms' own hook stays with the forms' code.
 */
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';

export const LEAVE_UNSAVED = 'You have unsaved changes. Leave without saving them?';

/** True when the user agrees to drop the unsaved changes. */
export function confirmLeave(): boolean {
  return window.confirm(LEAVE_UNSAVED);
}

/** Forms that hold unsaved changes, by id. */
export interface DirtyForms {
  set(id: string, dirty: boolean): void;
  any(): boolean;
}

/** A registry of forms' unsaved changes (one per modal, one for the app; stable). */
export function useDirtyForms(): DirtyForms {
  const [forms] = useState(() => {
    const dirty = new Set<string>();
    return {
      set: (id: string, isDirty: boolean) => {
        if (isDirty) dirty.add(id);
        else dirty.delete(id);
      },
      any: () => dirty.size > 0,
    };
  });
  return forms;
}

/** The forms of the whole app, for Back and Forward (LeaveGuardProvider provides it). */
export const AppDirtyFormsContext = createContext<DirtyForms | null>(null);

type Address = Pick<Location, 'pathname' | 'search'>;

/** Another address of the app: another path or query (the hash alone is the same page). */
export const elsewhere = (from: Address, to: Address) =>
  to.pathname !== from.pathname || to.search !== from.search;

/**
 * The position of the current entry in the tab's history: the router's browser history numbers
 * every entry it makes (`idx` in history.state, kept by our replaceState calls too).
 */
function historyIndex(): number | null {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : null;
  return typeof idx === 'number' ? idx : null;
}

/**
 * Around the app, inside its router: knows which forms hold unsaved changes and makes the
 * browser's Back and Forward ask, with the same question, before they leave them. Declined, the
 * address goes back to the form's entry and the page stays as it is.
 *
 * Why not react-router's useBlocker: it needs a data router, whose code (createBrowserRouter)
 * would add about 16 KB gzip to the first load of each portal (docs/performance.md). A history
 * pop is a popstate event on window: a capturing listener there runs before the router's plain
 * one (DOM: at the target, capturing listeners first), so a declined pop never reaches it.
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const forms = useDirtyForms();
  const location = useLocation();
  // Where the page is (the router's location and its history entry), for the next pop.
  const shown = useRef({ location, index: historyIndex() });
  useLayoutEffect(() => {
    shown.current = { location, index: historyIndex() };
  }, [location]);

  useLayoutEffect(() => {
    // The pop that takes the address back after a declined one: the router must not see it.
    let returning = false;
    const onPopState = (event: PopStateEvent) => {
      if (returning) {
        returning = false;
        event.stopImmediatePropagation();
        return;
      }
      const from = shown.current;
      const to = historyIndex();
      if (!forms.any() || !elsewhere(from.location, window.location)) return;
      // An entry the router did not make cannot be stepped back from: let it go.
      if (from.index === null || to === null || to === from.index) return;
      if (confirmLeave()) return;
      event.stopImmediatePropagation();
      returning = true;
      window.history.go(from.index - to);
    };
    window.addEventListener('popstate', onPopState, true);
    return () => window.removeEventListener('popstate', onPopState, true);
  }, [forms]);

  return <AppDirtyFormsContext.Provider value={forms}>{children}</AppDirtyFormsContext.Provider>;
}

/**
 * For a change that leaves the forms by code (an organisation switch, a sign-out): asks
 * LEAVE_UNSAVED while a form of the app holds unsaved changes. True when nothing is unsaved or
 * the user agrees to drop it; false means stay, with the forms as typed.
 */
export function useConfirmLeave(): () => boolean {
  const forms = useContext(AppDirtyFormsContext);
  return useCallback(() => !forms?.any() || confirmLeave(), [forms]);
}
