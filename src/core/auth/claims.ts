/**
 * Reads the payload of a JWT without verifying it: the client only uses it to decide what to
 * show; every backend verifies the token itself.
 */
export function decodeJwtPayload(token: string | undefined | null): Record<string, unknown> | null {
  if (!token) return null;
  const part = token.split('.')[1];
  // Stryker disable next-line ConditionalExpression: an empty part fails to parse in the try below: null either way
  if (!part) return null;
  try {
    // base64url to base64; atob decodes it without its '=' padding (forgiving-base64).
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The `role` claim of an access token, as a list (it may be a string or a list). */
export function rolesFromAccessToken(token: string | undefined | null): string[] {
  const role = decodeJwtPayload(token)?.['role'];
  if (typeof role === 'string') return [role];
  if (Array.isArray(role)) return role.filter((r): r is string => typeof r === 'string');
  return [];
}

/** SPEC §6: sysadmin status is read from the role claim of the stored access token. */
export function hasSysadminRole(roles: readonly string[]): boolean {
  return roles.some((r) => r.toLowerCase() === 'sysadmin');
}
