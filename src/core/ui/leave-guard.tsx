/**
 * Work is never lost without asking (issue 17): a form with unsaved changes asks before it is
 * left, whether by a reload or a closed tab (the browser's own question), an in-app link, or its
 * modal closing (Escape, the close button, the backdrop, Cancel).
 */
import { createContext, useContext, useEffect, useId, useState } from 'react';

export const LEAVE_UNSAVED = 'You have unsaved changes. Leave without saving them?';

/** True when the user agrees to drop the unsaved changes. */
export function confirmLeave(): boolean {
  return window.confirm(LEAVE_UNSAVED);
}

/** The forms of a modal that hold unsaved changes, by id. */
export interface DirtyForms {
  set(id: string, dirty: boolean): void;
  any(): boolean;
}

export const DirtyFormsContext = createContext<DirtyForms | null>(null);

/** A modal's registry of its forms' unsaved changes (one per modal, stable). */
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

/** An in-app navigation by a plain click on a link of this origin to another address. */
function leavingLink(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false;
  }
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const to = new URL(link.href, window.location.href);
  const here = window.location;
  return to.origin === here.origin && (to.pathname !== here.pathname || to.search !== here.search);
}

/**
 * While `dirty`: the browser asks before a reload or a closed tab, an in-app link asks before it
 * navigates (declined, nothing happens), and the modal around the form asks before closing.
 */
export function useLeaveGuard(dirty: boolean): void {
  const id = useId();
  const modalForms = useContext(DirtyFormsContext);
  useEffect(() => {
    modalForms?.set(id, dirty);
    return () => modalForms?.set(id, false);
  }, [modalForms, id, dirty]);

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
