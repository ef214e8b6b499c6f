/**
 * Work is never lost without asking (issue 17): a form with unsaved changes asks before it is
 * left, whether by a reload or a closed tab (the browser's own question), an in-app link, the
 * browser's Back or Forward (LeaveGuardProvider), or its modal closing (Escape, the close button,
 * the backdrop, Cancel). One question for all: LEAVE_UNSAVED, asked by confirmLeave.
 */
import { createContext, useContext, useEffect, useId } from 'react';
import {
  AppDirtyFormsContext,
  confirmLeave,
  elsewhere,
  type DirtyForms,
} from './leave-guard-provider';

export {
  confirmLeave,
  LEAVE_UNSAVED,
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
 * modal around the form asks before closing.
 */
export function useLeaveGuard(dirty: boolean): void {
  const id = useId();
  const modalForms = useContext(DirtyFormsContext);
  const appForms = useContext(AppDirtyFormsContext);
  useEffect(() => {
    modalForms?.set(id, dirty);
    appForms?.set(id, dirty);
    return () => {
      modalForms?.set(id, false);
      appForms?.set(id, false);
    };
  }, [modalForms, appForms, id, dirty]);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    // Capture, on the document: before the router's link handler (on the app's root) runs.
    const onClick = (event: MouseEvent) => {
      if (!leavingLink(event) || confirmLeave()) return;
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
}
