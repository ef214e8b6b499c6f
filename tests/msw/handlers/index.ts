import type { RequestHandler } from 'msw';
import { metadataHandlers } from './metadata';

/**
 * Default handlers: the signed-in user's metadata and avatars. The other files beside this one
 * hold each resource's handlers (offerings, subscriptions, licences, users, organisations,
 * blasts, sites) for tests to add with server.use(...); those are reset after each test.
 */
export const handlers: RequestHandler[] = [...metadataHandlers];
