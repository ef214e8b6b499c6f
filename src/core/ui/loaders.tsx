import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/** Marks every app-level loader so tests can wait for loading to end (tests/render.tsx). */
export const LOADER_ATTRIBUTE = 'data-app-loader';

export interface FullScreenLoaderProps {
  /** Read out by screen readers; visually hidden. */
  label?: string;
}

/** SPEC §2: a full-screen loader while data loads. */
export function FullScreenLoader({ label = 'Loading' }: FullScreenLoaderProps) {
  return (
    <div
      className="d-flex align-items-center justify-content-center w-100 py-5"
      style={{ minHeight: '60vh' }}
      role="status"
      aria-live="polite"
      {...{ [LOADER_ATTRIBUTE]: '' }}
    >
      <div className="spinner-border text-primary" style={{ width: '3rem', height: '3rem' }} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** SPEC §2: a blocking overlay with a loader and the visually hidden text 'Loading'. */
export function BlockingOverlay() {
  return (
    <div
      className="position-fixed top-0 start-0 w-100 h-100 d-flex align-items-center justify-content-center"
      style={{ zIndex: 2000, background: 'rgba(255, 255, 255, 0.6)' }}
      role="status"
      aria-live="polite"
      aria-busy="true"
      {...{ [LOADER_ATTRIBUTE]: '' }}
    >
      <div className="spinner-border text-primary" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}

/**
 * SPEC §4: a global loader counter rises and falls; the overlay shows while it is above 0.
 * It never goes below 0: an extra hide() is ignored.
 */
export interface LoaderCounter {
  show: () => void;
  hide: () => void;
  get: () => number;
  subscribe: (listener: () => void) => () => void;
}

export function createLoaderCounter(): LoaderCounter {
  let count = 0;
  const listeners = new Set<() => void>();
  const set = (next: number) => {
    const clamped = Math.max(0, next);
    if (clamped === count) return;
    count = clamped;
    listeners.forEach((l) => l());
  };
  return {
    show: () => set(count + 1),
    hide: () => set(count - 1),
    get: () => count,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const GlobalLoaderContext = createContext<LoaderCounter | null>(null);

/** Provides the counter and shows the blocking overlay while it is above 0. */
export function GlobalLoaderProvider({ children }: { children: ReactNode }) {
  const [counter] = useState(createLoaderCounter);
  return (
    <GlobalLoaderContext.Provider value={counter}>
      {children}
      <GlobalLoaderOverlay counter={counter} />
    </GlobalLoaderContext.Provider>
  );
}

function GlobalLoaderOverlay({ counter }: { counter: LoaderCounter }) {
  const count = useSyncExternalStore(counter.subscribe, counter.get, counter.get);
  return count > 0 ? <BlockingOverlay /> : null;
}

export interface GlobalLoader {
  show: () => void;
  hide: () => void;
  /** Shows the overlay until the promise settles. */
  track: <T>(promise: Promise<T>) => Promise<T>;
  count: number;
}

export function useGlobalLoader(): GlobalLoader {
  const counter = useContext(GlobalLoaderContext);
  if (!counter) throw new Error('useGlobalLoader must be used inside GlobalLoaderProvider');
  const count = useSyncExternalStore(counter.subscribe, counter.get, counter.get);
  const track = useCallback(
    async <T,>(promise: Promise<T>) => {
      counter.show();
      try {
        return await promise;
      } finally {
        counter.hide();
      }
    },
    [counter],
  );
  return useMemo(
    () => ({ show: counter.show, hide: counter.hide, track, count }),
    [counter, track, count],
  );
}
