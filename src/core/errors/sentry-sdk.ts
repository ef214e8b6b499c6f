/**
 * The parts of the Sentry SDK that error reporting uses, and nothing else. reporting.ts loads
 * this module lazily (never statically: @sentry/react stays out of the first load). Named
 * exports instead of `import('@sentry/react')`: a namespace import keeps the whole SDK (Session
 * Replay, Feedback, canvas replay: about 60 KB gzip that nothing here uses); these let the
 * bundler drop the rest (docs/performance.md).
 */
export { captureException, defaultStackParser, init } from '@sentry/react';
