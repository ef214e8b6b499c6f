/**
 * Code that only a user action needs (a form in a modal, a confirm dialog, the bulk-action
 * dialog), loaded when first rendered or earlier when asked (issue 16: the less a list screen
 * evaluates before its first rows, the sooner a phone paints them). The opening button asks on
 * hover or focus, so the first click does not wait visibly.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Loads once, whether asked to preload or rendered first; a failed load is tried again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/** A lazily loaded component that can be asked to load before it renders. */
export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/** React.lazy with its loader kept (see loadOnce). */
export function lazyWithPreload<P>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  const once = loadOnce(load);
  return Object.assign(lazy(once), { preload: once });
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
      return lazyWithPreload<Props>(() =>
        preload().then((module) => ({ default: module[name] as ComponentType<Props> })),
      );
    },
  };
}
