import type { AppConfig } from '../src/core/config/schema';

/**
 * The Content-Security-Policy of the built portals (docs/security.md). Scripts only from the
 * portal's own origin; network only to the configured backends; nothing may frame the portals
 * but themselves (silent renewal). Styles allow inline because react-select (emotion) injects
 * <style> elements at run time; no inline script is ever allowed.
 */
export function contentSecurityPolicy(config: AppConfig): string {
  const origin = (url: string) => new URL(url).origin;
  const backends = [
    ...new Set([
      origin(config.identityApiUrl),
      origin(config.crmApiUrl),
      origin(config.dataApiUrl),
      origin(config.oidcAuthority),
      origin(config.sentryDsn),
    ]),
  ];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${backends.join(' ')}`,
    `frame-src 'self' ${origin(config.oidcAuthority)}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    // Trusted Types enforced: DOM XSS sinks (innerHTML, script URLs, eval and new Function)
    // take only trusted values. The one HTML sink hands DOMPurify's TrustedHTML; zod runs
    // jitless (src/core/zod-jitless.ts), so nothing compiles code from strings.
    "require-trusted-types-for 'script'",
  ].join('; ');
}

export function securityHeaders(config: AppConfig): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}
