import type { Portal } from '@/core/config';

/**
 * Route paths core/auth and core/api need (SPEC §2 "Route names referenced by behaviour").
 * The portals' routers mount the callback pages on these paths.
 */
export const authRoutes = {
  signInOidc: '/signin-oidc',
  signOutCallbackOidc: '/signout-callback-oidc',
  silentRenew: '/silent-renew.html',
  notAuthenticated: '/not-authenticated',
  login: '/Account/Login',
  register: '/Account/Register',
  dashboard: '/dashboard',
  /** Where a failed refresh or a sign-out elsewhere sends the user (SPEC §4/§8). */
  root: '/',
} as const;

/** The home route before authentication: /home in the org portal, the landing page in the site portal. */
export function homeRoute(portal: Portal): string {
  return portal === 'org' ? '/home' : '/';
}

/** SPEC §2: the only routes restored after sign-in in the pre-authentication case. */
export const subscriptionRegistrationRoutes = [
  '/subscription/register',
  '/subscription/existing-reg',
] as const;
