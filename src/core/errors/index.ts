export { initErrorReporting, loadErrorReporting, reportError } from './reporting';
export { MAX_BREADCRUMBS, MAX_STACK_FRAMES, RATE_LIMIT_MS, TRANSPORT_BUFFER_SIZE } from './limits';
export { FILTERED, scrubString, scrubValue } from './scrub';
// The SDK's options (createBeforeSend, sentryOptions) load with the SDK: import them from
// './sentry-options' (tests), never from the page's first load.
