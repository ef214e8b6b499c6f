import { act, render, screen } from '@testing-library/react';
import { Suspense, type JSX } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModule, lazyWithPreload, loadOnce } from '@/core/lazy';

/**
 * Issue 16, first rows at once: code that has arrived renders at once. React.lazy alone shows the
 * boundary's fallback on a component's first render however early its module came, then holds
 * the content back (its reveal throttle): on a throttled phone the signed-in route's page and the
 * sign-in bridge cost the first rows about 0.6 s that way.
 */
const Page = () => <p>The page</p>;

/** Renders under a boundary whose fallback counts how often it was shown. */
function renderUnder(node: JSX.Element) {
  const fallbacks = vi.fn();
  function Fallback() {
    fallbacks();
    return <p>Loading</p>;
  }
  render(<Suspense fallback={<Fallback />}>{node}</Suspense>);
  return fallbacks;
}

describe('lazyWithPreload', () => {
  it('a component whose code has arrived renders in the first commit, never showing the fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const Lazy = lazyWithPreload(load);
    await Lazy.preload();
    const fallbacks = renderUnder(<Lazy />);
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(fallbacks).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a component still loading shows the fallback, then itself, loading once', async () => {
    let arrive: (module: { default: () => JSX.Element }) => void = () => undefined;
    const load = vi.fn(() => new Promise<{ default: () => JSX.Element }>((r) => (arrive = r)));
    const Lazy = lazyWithPreload(load);
    void Lazy.preload();
    const fallbacks = renderUnder(<Lazy />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => arrive({ default: Page }));
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(fallbacks).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('lazyModule', () => {
  it("a module's components render at once once the module is in, from one load", async () => {
    const load = vi.fn(() => Promise.resolve({ First: () => <p>First</p>, Second: Page }));
    const module = lazyModule(load);
    const First = module.component('First');
    const Second = module.component('Second');
    await Second.preload();
    const fallbacks = renderUnder(
      <>
        <First />
        <Second />
      </>,
    );
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(fallbacks).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('loadOnce', () => {
  it('keeps the value once loaded; a failed load leaves nothing and is tried again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('code');
    const once = loadOnce(load);
    expect(once.loaded()).toBeUndefined();
    await expect(once()).rejects.toThrow('offline');
    expect(once.loaded()).toBeUndefined();
    await expect(once()).resolves.toBe('code');
    expect(once.loaded()).toBe('code');
    await expect(once()).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
