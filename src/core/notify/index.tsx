import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import type * as ToastifyNamespace from 'react-toastify/unstyled';
import { TOAST_AUTO_CLOSE_MS } from './options';
import { afterLoadOnIdle } from '@/core/lazy';

export { TOAST_AUTO_CLOSE_MS };

/**
 * Toasts (SPEC §9) without react-toastify in the first load (docs/performance.md): the library
 * and its container load on the first toast, or when the page is idle, whichever comes first.
 * A toast raised before then is not lost: react-toastify queues the toasts it is given before
 * its container mounts and shows them when it does.
 */
type Toastify = typeof ToastifyNamespace;
type Kind = 'success' | 'info' | 'warning' | 'error';

export interface NotifyOptions {
  /** A persistent toast stays until the user closes it. */
  persistent?: boolean;
  /** Same id, same toast: repeated errors do not stack. */
  id?: string;
}

let toastify: Toastify | null = null;
let loading: Promise<Toastify> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Loads react-toastify once and asks ToastHost to mount its container. */
export function loadToastify(): Promise<Toastify> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loading ??= import('react-toastify/unstyled').then(
    (module) => {
      toastify = module;
      return module;
    },
    (error: unknown) => {
      loading = null; // the next toast tries again
      throw error;
    },
  );
  return loading;
}

let counter = 0;

function show(kind: Kind, message: string, o?: NotifyOptions): string {
  // The id is ours, so that the caller gets it at once even when the library is still loading.
  const toastId = o?.id ?? `notify-${String(++counter)}`;
  const options = {
    autoClose: o?.persistent ? (false as const) : TOAST_AUTO_CLOSE_MS,
    toastId,
  };
  if (toastify) {
    toastify.toast[kind](message, options);
  } else {
    loadToastify().then(
      ({ toast }) => toast[kind](message, options),
      (error: unknown) => {
        // The library could not load (offline, blocked): the message still reaches the console.
        console.error(`${kind}: ${message}`, error);
      },
    );
  }
  return toastId;
}

/** Closes a toast by the id its notify call answered; nothing when it is already gone. */
function dismiss(toastId: string): void {
  if (toastify) {
    toastify.toast.dismiss(toastId);
    return;
  }
  // A toast still waiting for the library: its show runs first (one promise's callbacks run in
  // the order they were added).
  void loading?.then(
    ({ toast }) => {
      toast.dismiss(toastId);
    },
    () => undefined,
  );
}

export const notify = {
  success: (message: string, o?: NotifyOptions) => show('success', message, o),
  info: (message: string, o?: NotifyOptions) => show('info', message, o),
  warning: (message: string, o?: NotifyOptions) => show('warning', message, o),
  error: (message: string, o?: NotifyOptions) => show('error', message, o),
  dismiss,
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isWanted = () => wanted;

const NoToasts = () => null;

/**
 * ToastHost renders beside the app, outside its error boundaries: a container that cannot load
 * (offline, or its chunk gone after a deploy) shows no toasts, and never takes the page down
 * with it (an uncaught render error unmounts the whole root). Each toast's message still
 * reaches the console when the library is missing (show).
 */
const LazyToastContainer = lazy<ComponentType>(() =>
  Promise.all([import('./toast-container'), loadToastify()]).then(
    ([module]) => module,
    (error: unknown) => {
      console.error('The toasts could not load', error);
      return { default: NoToasts };
    },
  ),
);

/** After the page has loaded, when the browser is idle, so that a later toast shows at once. */
function useIdlePreload() {
  useEffect(
    () =>
      afterLoadOnIdle(() => void loadToastify().catch(() => undefined), {
        timeout: 5000,
        fallbackDelay: 1000,
      }),
    [],
  );
}

/** Mounted once per portal (main.tsx): the container, once a toast is wanted. */
export function ToastHost() {
  const show = useSyncExternalStore(subscribe, isWanted, isWanted);
  useIdlePreload();
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastContainer />
    </Suspense>
  );
}

/** Test hook: whether react-toastify has been asked for. */
export function toastifyRequested(): boolean {
  return wanted;
}
