import type { FastifyInstance } from 'fastify';
import { registerRoutes, type Services } from '../http/routes';
import { metadataRoutes } from './metadata';
import { orgCustomDataRoutes, orgRoutes } from './orgs';
import { userRoutes } from './users';
import { offeringRoutes } from './offerings';
import { licenceRoutes } from './licences';
import { subscriptionRoutes } from './subscriptions';
import { customerRoutes } from './customers';
import { miscRoutes } from './misc';
import { registrationRoutes } from './registrations';
import { auditRoutes } from '../audit/routes';

/** The CRM service (/crm/v1, scope crmApi). docs/local-stack.md lists every route and its access. */
export async function registerCrm(app: FastifyInstance, services: Services) {
  registerRoutes(app, services, '/crm/v1', 'crmApi', [
    ...metadataRoutes(services),
    ...orgRoutes(services),
    ...orgCustomDataRoutes(services),
    ...userRoutes(services),
    ...offeringRoutes(services),
    ...licenceRoutes(services),
    ...subscriptionRoutes(services),
    ...customerRoutes(services),
    ...miscRoutes(services),
    ...registrationRoutes(services),
    ...auditRoutes(services),
  ]);
}
