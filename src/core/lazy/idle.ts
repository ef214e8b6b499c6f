/**
 * Work left for the browser's idle time (issue 16: nothing before the first rows that can wait):
 * a load after the page's own (the error reporting SDK, the toasts), or a long job in slices (a
 * table's search text). Where requestIdleCallback is missing (Safari), a timer stands in for it.
 */

export interface IdleOptions {
  /** The latest the work may wait, in ms, when the browser is never idle. */
  timeout: number;
  /** Without requestIdleCallback: the delay of the timer that stands in for it, in ms. */
  fallbackDelay: number;
}

/**
 * Calls run in the browser's next idle period (with its deadline; none from the timer that
 * stands in for it). Returns the cancel function.
 */
export function onIdle(
  run: (deadline?: IdleDeadline) => void,
  { timeout, fallbackDelay }: IdleOptions,
): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => run(), fallbackDelay);
  return () => window.clearTimeout(handle);
}

/** onIdle once the page has loaded (its load event; at once when it has). Returns the cancel function. */
export function afterLoadOnIdle(run: () => void, options: IdleOptions): () => void {
  let cancelIdle: (() => void) | undefined;
  const go = () => {
    cancelIdle = onIdle(() => run(), options);
  };
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
  return () => {
    window.removeEventListener('load', go);
    cancelIdle?.();
  };
}
