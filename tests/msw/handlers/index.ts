import type { RequestHandler } from 'msw';
import { metadataHandlers } from './metadata';

/**
 * Default handlers, one file per resource beside this one, spread in here. Tests add their
 * own with server.use(...); those are reset after each test.
 */
export const handlers: RequestHandler[] = [...metadataHandlers];
