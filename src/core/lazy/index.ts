/**
 * Code loaded when first needed (issue 16: the less a page evaluates before its first rows, the
 * sooner a phone paints them): a route's page, the sign-in library's bridge, a form in a modal,
 * a confirm or bulk-action dialog. Each loads once, whether asked to preload or rendered first.
 *
 * A component whose code is already in renders at once, without suspending. React.lazy alone
 * suspends on its first render however early its module arrived: the boundary shows its fallback
 * for a frame, and React then holds the content back for up to 300 ms (its throttle on
 * revealing suspended content). On the signed-in route of a throttled phone that cost the first
 * rows about 0.6 s (docs/performance.md).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export { afterLoadOnIdle, onIdle, type IdleOptions } from './idle';

/** A load done once, with its value at hand as soon as it has arrived. */
export interface Loader<T> {
  (): Promise<T>;
  /** The loaded value; undefined until the load has succeeded. */
  readonly loaded: () => T | undefined;
}

/** Loads once, whether asked to preload or rendered first; a failed load is tried again. */
export function loadOnce<T>(load: () => Promise<T>): Loader<T> {
  let loading: Promise<T> | null = null;
  let value: T | undefined;
  const get = () =>
    (loading ??= load().then(
      (result) => (value = result),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return Object.assign(get, { loaded: () => value });
}

/**
 * React.lazy over a loader. Once the module is in, its loader answers with a thenable that calls
 * back at once, which React.lazy reads as resolved in the same render (no suspension).
 */
function lazyFrom<M, P>(
  loader: Loader<M>,
  pick: (loaded: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const loaded = loader.loaded();
    if (loaded === undefined) return loader().then((m) => ({ default: pick(m) }));
    const resolved = { default: pick(loaded) };
    // React.lazy only calls then() and reads what it was called back with at once as loaded.
    const now = { then: (onLoaded: (value: typeof resolved) => void) => onLoaded(resolved) };
    return now as unknown as Promise<typeof resolved>;
  });
}

/** A lazily loaded component that can be asked to load before it renders. */
export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/** React.lazy with its loader kept (see loadOnce), rendering at once once loaded. */
export function lazyWithPreload<P>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  const loader = loadOnce(load);
  return Object.assign(
    lazyFrom(loader, (m) => m.default),
    { preload: loader },
  );
}

/**
 * One module's components loaded on demand: `preload` fetches the module once for all of them
 * (the opening buttons call it), `component(name)` is the lazy component of one named export.
 */
export function lazyModule<M extends object>(load: () => Promise<M>) {
  const preload = loadOnce(load);
  return {
    preload,
    component<K extends keyof M>(name: K) {
      type Props = M[K] extends ComponentType<infer P> ? P : never;
      return Object.assign(
        lazyFrom(preload, (m) => m[name] as ComponentType<Props>),
        { preload },
      );
    },
  };
}
