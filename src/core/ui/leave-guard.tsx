/**
 * Work is never lost without asking (issue 17): a form with unsaved changes asks before it is
 * left, whether by a reload or a closed tab (the browser's own question), an in-app link, the
 * browser's Back or Forward (LeaveGuardProvider), or its modal closing (Escape, the close button,
 * the backdrop, Cancel). One question for all: LEAVE_UNSAVED, asked by confirmLeave.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router-dom';
import {
  AppDirtyFormsContext,
  confirmLeave,
  elsewhere,
  useConfirmLeave,
  type DirtyForms,
} from './leave-guard-provider';

export {
  confirmLeave,
  LEAVE_UNSAVED,
  useConfirmLeave,
  useDirtyForms,
  type DirtyForms,
} from './leave-guard-provider';

/** The forms of a modal (Modal provides it: closing asks while one has unsaved changes). */
export const DirtyFormsContext = createContext<DirtyForms | null>(null);

/** An in-app navigation by a plain click on a link of this origin to another address. */
function leavingLink(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false;
  }
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const to = new URL(link.href, window.location.href);
  return to.origin === window.location.origin && elsewhere(window.location, to);
}

/**
 * While `dirty`: the browser asks before a reload or a closed tab, an in-app link asks before it
 * navigates (declined, nothing happens), Back and Forward ask (under LeaveGuardProvider), and the
 * modal around the form asks before closing, as does a navigation by code (useGuardedNavigate).
 *
 * Returns `handingOver`: a submit hands its changes over while it runs (handingOver(true)), so
 * that neither the navigation its success starts (to the saved record, away from a finished
 * form) nor a link clicked while its answer or refetch is on the way asks about them; a submit
 * that fails takes them back (handingOver(false)).
 */
export function useLeaveGuard(dirty: boolean): (handing: boolean) => void {
  const id = useId();
  const modalForms = useContext(DirtyFormsContext);
  const appForms = useContext(AppDirtyFormsContext);
  const latestDirty = useRef(dirty);
  // Whether leaving within the app asks now: the changes, unless a submit holds them
  // (handingOver). A ref, so that a save on its way (its refetch still running) stops the
  // questions at once, not at the render after it ends.
  const held = useRef(dirty);
  useEffect(() => {
    latestDirty.current = dirty;
    held.current = dirty;
    modalForms?.set(id, dirty);
    appForms?.set(id, dirty);
    return () => {
      modalForms?.set(id, false);
      appForms?.set(id, false);
    };
  }, [modalForms, appForms, id, dirty]);
  const handingOver = useCallback(
    (handing: boolean) => {
      // Now, not in an effect: the submit's own navigation comes before the next render.
      held.current = latestDirty.current && !handing;
      modalForms?.set(id, held.current);
      appForms?.set(id, held.current);
    },
    [modalForms, appForms, id],
  );

  useEffect(() => {
    if (!dirty) return;
    // A reload or a closed tab still asks while a save runs: it would cancel the request.
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    // Capture, on the document: before the router's link handler (on the app's root) runs.
    const onClick = (event: MouseEvent) => {
      if (!held.current || !leavingLink(event) || confirmLeave()) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
  return handingOver;
}

/**
 * The app's navigate (react-router's, for every navigation started by code): to another address
 * while a form holds unsaved changes, it asks first; declined, it does not navigate (and says so:
 * false). The same page (only the hash differs) never asks. Links, Back and Forward ask through
 * useLeaveGuard and LeaveGuardProvider. (react-router's useBlocker would need a data router.)
 * Here, not in ./leave-guard-provider: only feature code navigates this way, so it stays out of
 * the first load.
 */
export function useGuardedNavigate(): (to: string, options?: NavigateOptions) => boolean {
  const navigate = useNavigate();
  const confirm = useConfirmLeave();
  const location = useLocation();
  const here = useRef(location);
  useLayoutEffect(() => {
    here.current = location;
  }, [location]);
  return useCallback(
    (to, options) => {
      const from = here.current;
      const target = new URL(to, `${window.location.origin}${from.pathname}${from.search}`);
      if (elsewhere(from, target) && !confirm()) return false;
      void navigate(to, options);
      return true;
    },
    [navigate, confirm],
  );
}
