import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupUser } from '../../user';
import { useState } from 'react';
import Select from 'react-select';
import { describe, expect, it, vi } from 'vitest';
import { Modal, MODAL_CLEAR_TOP_PROPERTY, overlayClearTop } from '@/core/ui/modal';

// Busy CI machines (2 cores): allow slow renders of the heavy widgets.
vi.setConfig({ testTimeout: 30_000 });

function Harness({ onClose, withSelect = false }: { onClose?: () => void; withSelect?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open editor
      </button>
      <button type="button">Outside</button>
      <Modal
        open={open}
        title="Edit Thing"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <label htmlFor="thing-name">Name</label>
        <input id="thing-name" />
        {withSelect ? (
          <>
            <label htmlFor="thing-kind">Kind</label>
            <Select
              inputId="thing-kind"
              options={[
                { value: 'a', label: 'Product' },
                { value: 'b', label: 'Service' },
              ]}
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog labelled by its title, with focus moved inside', async () => {
    const user = setupUser();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open editor' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Thing' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await waitFor(() => expect(dialog).toHaveClass('show'));
  });

  it('shows from its first paint: no frame of a transparent dialog out of place taking clicks', () => {
    render(<Harness />);
    // One synchronous render and its effects, no animation frame in between.
    fireEvent.click(screen.getByRole('button', { name: 'Open editor' }));
    expect(screen.getByRole('dialog', { name: 'Edit Thing' })).toHaveClass('show');
    expect(document.querySelector('.modal-backdrop')).toHaveClass('show');
  });

  it('traps Tab and Shift+Tab inside', async () => {
    const user = setupUser();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open editor' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const done = screen.getByRole('button', { name: 'Done' });
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab();
    expect(done).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(done).toHaveFocus();
    screen.getByRole('button', { name: 'Outside', hidden: true }).focus();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = setupUser();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open editor' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(opener).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Escape in a select closes its open menu first, then the dialog', async () => {
    const user = setupUser();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} withSelect />);
    await user.click(screen.getByRole('button', { name: 'Open editor' }));
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    await user.click(kind);
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Service' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option', { name: 'Service' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(kind).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the close button closes it; the body is scroll-locked while open', async () => {
    const user = setupUser();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open editor' }));
    expect(document.body).toHaveClass('modal-open');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(document.body).not.toHaveClass('modal-open');
    });
  });

  it('unmounts at once under prefers-reduced-motion', async () => {
    const matchMedia = vi.fn(
      (query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList,
    );
    vi.stubGlobal('matchMedia', matchMedia);
    const user = setupUser();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open editor' }));
    await user.keyboard('{Escape}');
    // A 0 ms close timer fires before this 20 ms one, however busy the machine.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

/**
 * Issue 17: toasts (top right, full width on a phone) covered a modal's close button. The modal
 * publishes where an overlay may start (MODAL_CLEAR_TOP_PROPERTY); core/notify's toast
 * container starts no higher (toast-container.css, a CSS rule jsdom does not apply).
 */
describe('Modal keeps overlays clear of its controls (issue 17)', () => {
  it('below a short dialog, else below its header; never above the screen', () => {
    // A phone (844 px): a confirm dialog of 200 px leaves room under it.
    expect(overlayClearTop({ top: 8, bottom: 65 }, { top: 8, bottom: 200 }, 844)).toBe(208);
    // A long form: under the header (title and close button).
    expect(overlayClearTop({ top: 8, bottom: 65 }, { top: 8, bottom: 900 }, 844)).toBe(73);
    // Scrolled: the header is gone, the whole screen is free.
    expect(overlayClearTop({ top: -300, bottom: -243 }, { top: -300, bottom: 900 }, 844)).toBe(0);
  });

  it('publishes it while open, from its header and content, and removes it on close', async () => {
    const header = { top: 8, bottom: 65 };
    const content = { top: 8, bottom: 900 };
    const rects: Record<string, { top: number; bottom: number }> = {
      'modal-header': header,
      'modal-content': content,
    };
    const original = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const key = Object.keys(rects).find((c) => this.classList.contains(c));
      const box = key ? rects[key] : undefined;
      if (!box) return original.call(this);
      return {
        ...box,
        left: 0,
        right: 390,
        width: 390,
        height: box.bottom - box.top,
        x: 0,
        y: box.top,
        toJSON: () => box,
      } as DOMRect;
    };
    try {
      const user = setupUser();
      render(<Harness />);
      const root = document.documentElement;
      expect(root.style.getPropertyValue(MODAL_CLEAR_TOP_PROPERTY)).toBe('');
      await user.click(screen.getByRole('button', { name: 'Open editor' }));
      await screen.findByRole('dialog');
      await waitFor(() =>
        expect(root.style.getPropertyValue(MODAL_CLEAR_TOP_PROPERTY)).toBe(
          `${String(overlayClearTop(header, content, window.innerHeight))}px`,
        ),
      );
      // The dialog slides 50 px down as it opens (a transform: no resize to observe); where
      // the slide ends, the toasts start under it, not over its buttons.
      const moved = { header: { top: 58, bottom: 115 }, content: { top: 58, bottom: 300 } };
      rects['modal-header'] = moved.header;
      rects['modal-content'] = moved.content;
      fireEvent.transitionEnd(screen.getByRole('dialog'));
      expect(root.style.getPropertyValue(MODAL_CLEAR_TOP_PROPERTY)).toBe(
        `${String(overlayClearTop(moved.header, moved.content, window.innerHeight))}px`,
      );
      await user.click(screen.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(root.style.getPropertyValue(MODAL_CLEAR_TOP_PROPERTY)).toBe(''));
    } finally {
      Element.prototype.getBoundingClientRect = original;
    }
  });
});
