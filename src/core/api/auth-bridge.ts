/**
 * How the API client reaches the session without depending on React or on core/auth:
 * core/auth registers these callbacks once (AuthProvider does it).
 */
export interface ApiAuthUser {
  access_token: string;
  /** Seconds until the access token expires (oidc-client-ts User#expires_in). */
  expires_in?: number;
}

export interface ApiAuth {
  /** The stored user, or null when signed out. */
  getUser: () => Promise<ApiAuthUser | null>;
  /**
   * The single in-flight refresh shared with the library's renewal. Rejects when it fails; the
   * session side has then already removed the user and sent them to '/'.
   */
  refresh: () => Promise<ApiAuthUser>;
  /** Client-side navigation (the router's navigate when mounted inside one). */
  navigate: (path: string) => void;
}

let current: ApiAuth | null = null;

/** Registers the token source and navigation; returns a function that unregisters them. */
export function configureApiAuth(auth: ApiAuth): () => void {
  current = auth;
  return () => {
    if (current === auth) current = null;
  };
}

export function apiAuth(): ApiAuth | null {
  return current;
}

/** Navigation used by the error catalogue; a full page load when nothing is registered. */
export function navigateTo(path: string): void {
  if (current) current.navigate(path);
  else window.location.assign(path);
}
