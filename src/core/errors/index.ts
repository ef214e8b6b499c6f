export {
  createBeforeSend,
  initErrorReporting,
  loadErrorReporting,
  MAX_BREADCRUMBS,
  MAX_STACK_FRAMES,
  RATE_LIMIT_MS,
  reportError,
  sentryOptions,
  TRANSPORT_BUFFER_SIZE,
} from './reporting';
export { FILTERED, scrubString, scrubValue } from './scrub';
