import type { FastifyInstance } from 'fastify';
import { siteActivityRoutes } from '../audit/routes';
import { registerRoutes, type Services } from '../http/routes';
import { blastRoutes } from './blasts';
import { dashboardRoutes } from './dashboard';
import { backfillBlastFacts } from './facts';
import { linkRoutes } from './links';
import { nodeLibraryRoutes } from './node-libraries';
import { shareRoutes } from './shares';
import { siteUserRoutes } from './site-users';
import { siteRoutes } from './sites';

/** The data service: /data/v1, token scope blastDataApi (docs/data-service.md). */
export const DATA_PREFIX = '/data/v1';

export async function registerData(app: FastifyInstance, services: Services) {
  // Blasts written without their derived facts (before migration 010) get them at start-up.
  await backfillBlastFacts(services.db);
  registerRoutes(app, services, DATA_PREFIX, 'blastDataApi', [
    ...siteRoutes(services),
    ...siteUserRoutes(services),
    ...blastRoutes(services),
    ...linkRoutes(services),
    ...shareRoutes(services),
    ...nodeLibraryRoutes(services),
    ...dashboardRoutes(services),
    ...siteActivityRoutes(services),
  ]);
}
