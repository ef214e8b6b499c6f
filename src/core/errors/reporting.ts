import type * as SentrySdk from './sentry-sdk';
import type { Breadcrumb, ErrorEvent, EventHint } from '@sentry/react';
import { config, type Portal } from '@/core/config';
import { scrubValue } from './scrub';

/** SPEC §9 error reporting limits. */
export const MAX_BREADCRUMBS = 100;
export const MAX_STACK_FRAMES = 50;
export const TRANSPORT_BUFFER_SIZE = 64;
export const RATE_LIMIT_MS = 60_000;
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

/**
 * The event's identity for the 60 s rate limit: same type, same text, same place, and, for a
 * failed call (SPEC §8 reports its endpoint, status and method), the same call and status.
 */
function fingerprint(event: ErrorEvent): string {
  const exception = event.exception?.values?.[0];
  const frames = exception?.stacktrace?.frames;
  const top = frames?.[frames.length - 1];
  const { method, endpoint, status } = event.extra ?? {};
  return [
    exception?.type ?? '',
    exception?.value ?? event.message ?? '',
    top ? `${top.filename ?? ''}:${String(top.lineno ?? '')}` : '',
    String(method ?? ''),
    String(endpoint ?? ''),
    String(status ?? ''),
  ].join('|');
}

/**
 * The beforeSend of SPEC §9: drops an event identical to one sent within the last 60 s, then
 * strips tokens, authorization codes, state and customData from what is left.
 */
export function createBeforeSend(now: () => number = Date.now) {
  const lastSent = new Map<string, number>();
  return (event: ErrorEvent, _hint?: EventHint): ErrorEvent | null => {
    const key = fingerprint(event);
    const time = now();
    const previous = lastSent.get(key);
    if (previous !== undefined && time - previous < RATE_LIMIT_MS) return null;
    lastSent.set(key, time);
    if (lastSent.size > 500) {
      for (const [k, t] of lastSent) if (time - t >= RATE_LIMIT_MS) lastSent.delete(k);
    }
    return scrubValue(event);
  };
}

/** The options handed to Sentry.init (exported for tests and docs). */
export function sentryOptions(portal: Portal, sentry: Pick<SentryModule, 'defaultStackParser'>) {
  const beforeSend = createBeforeSend();
  return {
    dsn: config.sentryDsn,
    environment: config.environment,
    initialScope: { tags: { portal } },
    maxBreadcrumbs: MAX_BREADCRUMBS,
    // Sentry's stack parser keeps at most 50 frames; V8 only records 10 unless told otherwise
    // (Error.stackTraceLimit, set in initErrorReporting), so 50 is what actually arrives.
    stackParser: sentry.defaultStackParser,
    transportOptions: { bufferSize: TRANSPORT_BUFFER_SIZE },
    sendDefaultPii: false,
    beforeSend,
    beforeBreadcrumb: (breadcrumb: Breadcrumb) => scrubValue(breadcrumb),
  };
}

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
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      if ('requestIdleCallback' in window)
        window.requestIdleCallback(() => resolve(), { timeout: 3000 });
      else setTimeout(resolve, 1);
    };
    if (document.readyState === 'complete') go();
    else window.addEventListener('load', go, { once: true });
  });
}

/** Loads and starts the SDK, then flushes what was buffered. Exported for tests. */
export async function loadErrorReporting(
  load: () => Promise<SentryModule> = () => import('./sentry-sdk'),
): Promise<void> {
  const portal = state.portal;
  if (!portal) return;
  const sentry = await load();
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
