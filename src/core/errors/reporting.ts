import type * as SentrySdk from './sentry-sdk';
import type { Portal } from '@/core/config';
import { afterLoadOnIdle } from '@/core/lazy';

import { MAX_STACK_FRAMES } from './limits';
/** Errors kept while the SDK loads; beyond this the oldest are dropped. */
const PENDING_LIMIT = 64;

type SentryModule = typeof SentrySdk;

interface Pending {
  error: unknown;
  context?: Record<string, unknown>;
}

interface State {
  portal: Portal | null;
  sentry: SentryModule | null;
  loading: Promise<void> | null;
  pending: Pending[];
  removeEarlyListeners: (() => void) | null;
}

const state: State = {
  portal: null,
  sentry: null,
  loading: null,
  pending: [],
  removeEarlyListeners: null,
};

function capture(sentry: SentryModule, { error, context }: Pending) {
  sentry.captureException(error, context ? { extra: context } : undefined);
}

function bufferEarly(item: Pending) {
  state.pending.push(item);
  if (state.pending.length > PENDING_LIMIT) state.pending.shift();
}

/** Before the SDK is loaded: keep uncaught errors and rejections so none is lost. */
function listenEarly(): () => void {
  const onError = (event: globalThis.ErrorEvent) => {
    bufferEarly({ error: event.error ?? event.message, context: { source: 'window.onerror' } });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    bufferEarly({ error: event.reason, context: { source: 'unhandledrejection' } });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

/** After first paint, when the browser is idle: keeps @sentry/react out of the first-load bundle. */
const whenIdle = () =>
  new Promise<void>((resolve) => afterLoadOnIdle(resolve, { timeout: 3000, fallbackDelay: 1 }));

/** Loads and starts the SDK, then flushes what was buffered. Exported for tests. */
export async function loadErrorReporting(
  load: () => Promise<SentryModule> = () => import('./sentry-sdk'),
): Promise<void> {
  const portal = state.portal;
  if (!portal) return;
  // The options (the 60 s rate limit, the scrubbing) load with the SDK, not with the page.
  const [sentry, { sentryOptions }] = await Promise.all([load(), import('./sentry-options')]);
  sentry.init(sentryOptions(portal, sentry));
  state.sentry = sentry;
  // From here on Sentry's own global handlers catch uncaught errors.
  state.removeEarlyListeners?.();
  state.removeEarlyListeners = null;
  const pending = state.pending.splice(0);
  for (const item of pending) capture(sentry, item);
}

/**
 * Starts error reporting for a portal (call once, first thing in main.tsx). The SDK is loaded
 * lazily when the page is idle; errors before that are buffered and sent once it is up.
 */
export function initErrorReporting(
  portal: Portal,
  options: { load?: () => Promise<SentryModule>; immediate?: boolean } = {},
): Promise<void> {
  if (state.loading) return state.loading;
  state.portal = portal;
  // V8 records only 10 frames by default; SPEC §9 asks for 50.
  if (Error.stackTraceLimit < MAX_STACK_FRAMES) Error.stackTraceLimit = MAX_STACK_FRAMES;
  state.removeEarlyListeners = listenEarly();
  state.loading = (options.immediate ? Promise.resolve() : whenIdle())
    .then(() => loadErrorReporting(options.load))
    .catch((error: unknown) => {
      // The reporter itself failed to load (offline, blocked): say so in the console only.
      console.warn('Error reporting unavailable', error);
    });
  return state.loading;
}

/** Reports an error (with optional context). Safe to call before initErrorReporting. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (state.sentry) capture(state.sentry, { error, context });
  else bufferEarly({ error, context });
}

/** Test hook: forget everything (SDK, buffer, listeners). */
export function resetErrorReportingForTests(): void {
  state.removeEarlyListeners?.();
  state.portal = null;
  state.sentry = null;
  state.loading = null;
  state.pending = [];
  state.removeEarlyListeners = null;
}

/** Test hook: what is waiting for the SDK. */
export function pendingReports(): readonly Pending[] {
  return state.pending;
}
