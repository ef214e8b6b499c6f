import { config } from '@/core/config';
import type * as ClientModuleNamespace from './client';
import type { ApiClient } from './client';

type ClientModule = typeof ClientModuleNamespace;
type Method = 'get' | 'post' | 'put' | 'delete';

let clientModule: Promise<ClientModule> | null = null;

/**
 * The axios client module, loaded once, on the first API call (or earlier through
 * preloadClient). Until then the page carries neither axios nor the client.
 */
export function loadClientModule(): Promise<ClientModule> {
  clientModule ??= import('./client');
  return clientModule;
}

/** Starts loading the client without making a call (preloadApiClient, ./index.ts). */
export function preloadClient(): void {
  void loadClientModule().catch(() => {
    // A failed preload is retried by the first real call, which reports its own error.
    clientModule = null;
  });
}

/**
 * An ApiClient with the same interface as the axios one (every method already answers with a
 * promise), whose first call loads the real client and hands the call over to it.
 */
function lazyClient(baseUrl: string, pick: (module: ClientModule) => ApiClient): ApiClient {
  let real: Promise<ApiClient> | null = null;
  const resolve = () => {
    real ??= loadClientModule().then(pick, (error: unknown) => {
      clientModule = null;
      real = null;
      throw error;
    });
    return real;
  };
  const method =
    (name: Method) =>
    async (...args: unknown[]): Promise<unknown> => {
      const client = (await resolve()) as unknown as Record<
        Method,
        (...a: unknown[]) => Promise<unknown>
      >;
      return client[name](...args);
    };
  const client = {
    baseUrl,
    get: method('get'),
    post: method('post'),
    put: method('put'),
    delete: method('delete'),
  };
  return client as unknown as ApiClient;
}

/** An API client for another base URL (tests; the three backends below are the app's). */
export function createApiClient(baseUrl: string): ApiClient {
  return lazyClient(baseUrl, (module) => module.createApiClient(baseUrl));
}

/** Identity service (profile, avatars). */
export const identityApi = lazyClient(config.identityApiUrl, (module) => module.identityApi);
/** CRM service: the default backend. */
export const crmApi = lazyClient(config.crmApiUrl, (module) => module.crmApi);
/** Data service (sites, blasts, node libraries). */
export const dataApi = lazyClient(config.dataApiUrl, (module) => module.dataApi);
