/**
 * The key under which oidc-client-ts's WebStorageStateStore ('oidc.' prefix) keeps the user of
 * one client at one provider: `user:{authority}:{client_id}`. Apart from ./stored-user.ts, which
 * reads the build's config, so that the e2e sign-in (e2e/support/auth.ts) writes the same key.
 */
export function storedUserKeyOf(authority: string, clientId: string): string {
  return `oidc.user:${authority}:${clientId}`;
}
