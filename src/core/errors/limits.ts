/** SPEC §9 error reporting limits. */
export const MAX_BREADCRUMBS = 100;
export const MAX_STACK_FRAMES = 50;
export const TRANSPORT_BUFFER_SIZE = 64;
export const RATE_LIMIT_MS = 60_000;
