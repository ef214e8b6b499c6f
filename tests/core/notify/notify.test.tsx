import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, ToastHost, toastifyRequested } from '@/core/notify';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** A CSS time ('5s', '5000ms') in milliseconds. */
const milliseconds = (time: string) =>
  time.endsWith('ms') ? Number.parseFloat(time) : Number.parseFloat(time) * 1000;

/** A value import of `module` or one of its entries (`react-toastify/unstyled`). */
const staticImportOf = (module: string) =>
  new RegExp(`^\\s*import\\s+(?!type\\b)[^;]*from\\s+['"]${module}(/[^'"]*)?['"]`, 'm');

// One file: the module state (library loaded or not) is what these tests are about.
describe('notify (react-toastify loaded when first needed)', () => {
  it('a toast raised before the library and its container have loaded still shows', async () => {
    expect(toastifyRequested()).toBe(false);
    const { container } = render(<ToastHost />);
    // Nothing of react-toastify on the page until a toast is wanted.
    expect(container.querySelector('.Toastify')).toBeNull();

    let id = '';
    act(() => {
      id = notify.error('The service did not answer', { persistent: true });
    });
    expect(id).toMatch(/^notify-\d+$/);
    expect(toastifyRequested()).toBe(true);
    expect(await screen.findByText('The service did not answer')).toBeInTheDocument();
  });

  it('keeps one toast per id, raised before or after loading', async () => {
    render(<ToastHost />);
    act(() => {
      notify.warning('Same warning', { id: 'same' });
      notify.warning('Same warning', { id: 'same' });
    });
    expect(await screen.findAllByText('Same warning')).toHaveLength(1);
    expect(notify.success('Saved')).toMatch(/^notify-\d+$/);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('SPEC §9: toasts show at the top right with a 5000 ms closing timer; a persistent one has none and stays open', async () => {
    render(<ToastHost />);
    act(() => {
      notify.success('Saved the offering');
      notify.error('The export failed', { persistent: true });
    });
    const saved = await screen.findByText('Saved the offering');
    const failed = await screen.findByText('The export failed');
    expect(saved.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-right',
    );
    const toastOf = (text: HTMLElement) => {
      const toast = text.closest<HTMLElement>('.Toastify__toast');
      if (!toast) throw new Error(`no toast holds ${text.textContent ?? ''}`);
      return toast;
    };
    // The timer that closes a toast runs 5000 ms; a persistent toast has none (hidden).
    const savedTimer = within(toastOf(saved)).getByRole('progressbar', { hidden: true });
    expect(savedTimer).toHaveAttribute('aria-hidden', 'false');
    expect(milliseconds(getComputedStyle(savedTimer).animationDuration)).toBe(5000);
    const failedTimer = within(toastOf(failed)).getByRole('progressbar', { hidden: true });
    expect(failedTimer).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Saved the offering')).toBeInTheDocument();
  });

  it('react-toastify is imported statically only by the lazily loaded container', () => {
    const src = join(process.cwd(), 'src');
    const offenders = sourceFiles(src)
      .filter((file) => staticImportOf('react-toastify').test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(offenders).toEqual(['core/notify/toast-container.tsx']);
  });

  it('axios is imported statically only by the API client, which nothing imports statically', () => {
    const src = join(process.cwd(), 'src');
    const files = sourceFiles(src);
    const axiosUsers = files
      .filter((file) => staticImportOf('axios').test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(axiosUsers).toEqual(['core/api/client.ts']);
    const clientUsers = files
      .filter((file) =>
        /^\s*(import|export)\s+(?!type\b)[^;]*from\s+['"](\.\/client|@\/core\/api\/client)['"]/m.test(
          readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => relative(src, file));
    expect(clientUsers).toEqual([]);
  });
});
