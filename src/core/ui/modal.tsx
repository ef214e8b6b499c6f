import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { confirmLeave, DirtyFormsContext, useDirtyForms } from './leave-guard';

/** SPEC §9: modal transition 300 ms, backdrop 150 ms (Bootstrap's .modal.fade and .fade). */
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) =>
      !el.hasAttribute('hidden') && el.getAttribute('aria-hidden') !== 'true' && el.tabIndex >= 0,
  );
}

/** The DOM still shows the state before the key: aria-expanded "false" means it was closed. */
function isCollapsedCombobox(target: EventTarget): boolean {
  return (
    target instanceof Element &&
    target.getAttribute('role') === 'combobox' &&
    target.getAttribute('aria-expanded') === 'false'
  );
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Issue 17: the custom property through which an open modal tells overlays of the page (the
 * toasts of core/notify) where they may start without hiding its controls.
 */
export const MODAL_CLEAR_TOP_PROPERTY = '--modal-clear-top';
/** The room a toast needs below a short dialog (its height and a margin). */
export const OVERLAY_ROOM_PX = 96;
const OVERLAY_GAP_PX = 8;

interface Box {
  top: number;
  bottom: number;
}

/**
 * The first y (px from the viewport's top) at which an overlay at the top of the screen hides
 * nothing of the dialog's controls: below the whole dialog when there is room for it there (a
 * short dialog: its buttons stay clear too), else below its header (the title and the close
 * button; the form's own buttons are at its far end). A header scrolled out of view gives 0.
 */
export function overlayClearTop(header: Box, content: Box, viewportHeight: number): number {
  if (content.bottom + OVERLAY_GAP_PX + OVERLAY_ROOM_PX <= viewportHeight) {
    return Math.max(0, Math.round(content.bottom + OVERLAY_GAP_PX));
  }
  return Math.max(0, Math.round(header.bottom + OVERLAY_GAP_PX));
}

/** While `active`, keeps MODAL_CLEAR_TOP_PROPERTY on the document in step with the dialog. */
function usePublishClearTop(dialogRef: React.RefObject<HTMLDivElement | null>, active: boolean) {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!active || !dialog) return undefined;
    const root = document.documentElement;
    const update = () => {
      const header = dialog.querySelector('.modal-header');
      const content = dialog.querySelector('.modal-content');
      if (!header || !content) return;
      const top = overlayClearTop(
        header.getBoundingClientRect(),
        content.getBoundingClientRect(),
        window.innerHeight,
      );
      root.style.setProperty(MODAL_CLEAR_TOP_PROPERTY, `${String(top)}px`);
    };
    update();
    // The dialog grows with its form (errors, a section shown) and scrolls on a small screen.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    const content = dialog.querySelector('.modal-content');
    if (observer && content) observer.observe(content);
    dialog.addEventListener('scroll', update, { passive: true });
    // The dialog slides 50 px down as it opens (Bootstrap's transform, which no ResizeObserver
    // sees): measured before, a toast shown under it covered its buttons.
    dialog.addEventListener('transitionend', update);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      dialog.removeEventListener('scroll', update);
      dialog.removeEventListener('transitionend', update);
      window.removeEventListener('resize', update);
      root.style.removeProperty(MODAL_CLEAR_TOP_PROPERTY);
    };
  }, [dialogRef, active]);
}

export interface ModalProps {
  open: boolean;
  /** Escape, the close button and a backdrop click call it; the parent closes by setting open false. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'lg' | 'xl';
  /** A backdrop click closes unless static. Default true (edit forms should not lose typing). */
  staticBackdrop?: boolean;
  /** Element to focus first; else the first focusable control in the body, else the dialog. */
  initialFocusRef?: React.RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * An accessible Bootstrap modal: role dialog, aria-modal, labelled by its title; focus moves in
 * on open, is trapped inside (Tab and Shift+Tab wrap) and returns to the opener on close; Escape
 * closes. Bootstrap's CSS gives the 300 ms dialog and 150 ms backdrop transitions and drops them
 * under prefers-reduced-motion (then the unmount is immediate too).
 *
 * Why not a native <dialog>: pop-ups of react-select and react-datepicker render into
 * document.body, and would sit below a top-layer dialog.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size,
  staticBackdrop = true,
  initialFocusRef,
  className,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  // Mounted while open and while the closing transition runs; 'show' from the first paint.
  const [prevOpen, setPrevOpen] = useState(open);
  const [closing, setClosing] = useState(false);
  const [entered, setEntered] = useState(false);
  if (open !== prevOpen) {
    setPrevOpen(open);
    setClosing(!open);
  }
  const mounted = open || closing;
  const shown = open && entered;
  const onCloseRef = useRef(onClose);
  // The forms inside with unsaved changes: closing asks first (issue 17).
  const dirtyForms = useDirtyForms();
  const requestClose = () => {
    if (dirtyForms.any() && !confirmLeave()) return;
    onCloseRef.current();
  };

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // 'show' before the first paint, after a reflow of the hidden state (as Bootstrap's own script
  // does): the transition starts from there, and no frame shows a dialog that is still
  // transparent and out of place yet takes clicks (a frame later, under load several).
  useLayoutEffect(() => {
    if (!open || entered) return;
    void dialogRef.current?.offsetHeight;
    // A second commit on purpose: the reflow between the two is what starts the transition.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEntered(true);
  }, [open, entered]);

  useEffect(() => {
    if (open) {
      openerRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return undefined;
    }
    // Focus goes back to the opener (SPEC: focus returned on close).
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
    const timer = setTimeout(
      () => {
        setClosing(false);
        setEntered(false);
      },
      prefersReducedMotion() ? 0 : MODAL_TRANSITION_MS,
    );
    return () => clearTimeout(timer);
  }, [open]);

  // Focus in on open.
  useEffect(() => {
    if (!open || !mounted) return;
    const dialog = dialogRef.current;
    if (!dialog || dialog.contains(document.activeElement)) return;
    const target =
      initialFocusRef?.current ??
      focusableIn(dialog.querySelector<HTMLElement>('.modal-body') ?? dialog)[0] ??
      dialog;
    target.focus();
  }, [open, mounted, initialFocusRef]);

  // Issue 17: toasts start where they hide none of the dialog's controls (core/notify).
  usePublishClearTop(dialogRef, open && mounted);

  // Body scroll lock while open.
  useEffect(() => {
    if (!mounted) return undefined;
    document.body.classList.add('modal-open');
    return () => document.body.classList.remove('modal-open');
  }, [mounted]);

  // Keep focus inside even when it escapes by a click or a script.
  useEffect(() => {
    if (!open || !mounted) return undefined;
    const onFocusIn = (event: FocusEvent) => {
      const dialog = dialogRef.current;
      const target = event.target as Node | null;
      if (!dialog || !target || dialog.contains(target)) return;
      // Pop-ups portalled to the body (select menus, calendars) are allowed.
      if (
        target instanceof Element &&
        target.closest('.react-datepicker-popper, [class*="-menu"], .Toastify')
      )
        return;
      (focusableIn(dialog)[0] ?? dialog).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [open, mounted]);

  if (!mounted) return null;

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // A widget that used Escape (a select's menu, a calendar) keeps the dialog open. A collapsed
      // combobox had nothing to close: react-select marks every Escape handled, menu open or not.
      if (event.defaultPrevented && !isCollapsedCombobox(event.target)) return;
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const items = focusableIn(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // Not modal-dialog-scrollable: a scrolling body would clip select menus and calendars.
  const dialogClass = ['modal-dialog', size ? `modal-${size}` : ''].filter(Boolean).join(' ');

  return createPortal(
    <>
      {/* The dialog owns Escape and the Tab trap; a backdrop click closes unless static. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialogRef}
        className={`modal fade${shown ? ' show' : ''}${className ? ` ${className}` : ''}`}
        style={{ display: 'block' }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onMouseDown={(e) => {
          if (!staticBackdrop && e.target === e.currentTarget) requestClose();
        }}
      >
        <div className={dialogClass}>
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title fs-5 text-break min-w-0" id={titleId}>
                {title}
              </h2>
              <button
                type="button"
                className="btn-close"
                aria-label="Close"
                onClick={requestClose}
              />
            </div>
            <div className="modal-body">
              <DirtyFormsContext.Provider value={dirtyForms}>{children}</DirtyFormsContext.Provider>
            </div>
            {footer && <div className="modal-footer">{footer}</div>}
          </div>
        </div>
      </div>
      <div className={`modal-backdrop fade${shown ? ' show' : ''}`} />
    </>,
    document.body,
  );
}
