import type { FastifyInstance } from 'fastify';
import type { StackKeys } from '../auth/keys';
import type { Services } from '../http/routes';
import { createProvider, type OidcProvider } from './provider';
import { mountProvider } from './mount';
import { acceptForms, createKit } from './kit';
import { registerInteractionRoutes } from './interactions';
import { registerRegistrationRoute } from './registration';
import { registerAccountRoutes } from './account-routes';
import { registerProfileApi } from './profile';
import { sendQueuedInvitations } from './invitations';
import { registerIdentityAssets } from './assets';
import { installAuditContext } from './audit';

/**
 * The identity service under /identity: oidc-provider (provider.ts, mount.ts), its
 * server-rendered pages (interactions.ts: sign-in and invitations; registration.ts),
 * getStarted and the address check's link (account-routes.ts), the pages' stylesheet and favicon
 * (assets.ts), and the profile API (profile.ts). What they do is recorded in the audit trail
 * (audit.ts).
 */
export async function registerIdentity(
  app: FastifyInstance,
  services: Services,
  keys: StackKeys,
): Promise<OidcProvider> {
  const provider = createProvider(services, keys);
  const kit = createKit(services, keys, provider);
  await app.register(async (identity) => {
    // The provider's routes and the pages write and record with the request's context (the
    // profile API has its own, registerRoutes').
    installAuditContext(identity);
    await mountProvider(identity, provider, kit.base, new URL(services.issuer).host);
    await identity.register(async (scope) => {
      acceptForms(scope);
      registerInteractionRoutes(scope, kit);
      registerRegistrationRoute(scope, kit);
      registerAccountRoutes(scope, kit);
    });
  });
  registerIdentityAssets(app);
  registerProfileApi(app, services, kit.base);
  // Invitations made but never sent (the demo data's) go out now.
  const unsent = await sendQueuedInvitations(services);
  if (unsent) app.log.warn(`Queued invitations not sent (mail): ${unsent.message}`);
  return provider;
}
