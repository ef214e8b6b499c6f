/**
 * Reads the payload of a JWT without verifying it: the client only uses it to decide what to
 * show; every backend verifies the token itself.
 */
export function decodeJwtPayload(token: string | undefined | null): Record<string, unknown> | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
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
export function isSysadminToken(token: string | undefined | null): boolean {
  return rolesFromAccessToken(token).some((r) => r.toLowerCase() === 'sysadmin');
}
