/**
 * What the SDK is started with (SPEC §9): the 60 s rate limit of identical events and the
 * scrubbing of secrets. Loaded with the SDK, after the first paint (./reporting.ts).
 */
import type * as SentrySdk from './sentry-sdk';
import type { Breadcrumb, ErrorEvent, EventHint } from '@sentry/react';
import { config, type Portal } from '@/core/config';
import { MAX_BREADCRUMBS, RATE_LIMIT_MS, TRANSPORT_BUFFER_SIZE } from './limits';
import { scrubValue } from './scrub';

type SentryModule = typeof SentrySdk;

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
