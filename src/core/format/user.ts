/**
 * SPEC §3 user display, in a module of its own: the shell's user menu shows it at start-up, and
 * the rest of the display rules (dates, sizes) would otherwise come with it into the first load.
 */

/** The user shape every list and form shows (SPEC §3). */
export interface UserLike {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export const PENDING_USER_TEXT = 'Pending user activation';

/**
 * SPEC §3: 'First Last <email>' with the email in lower case; with no first name but an email,
 * 'Pending user activation'.
 */
export function formatUser(user: UserLike | null | undefined): string {
  if (!user) return '';
  const first = user.firstName?.trim() ?? '';
  const last = user.lastName?.trim() ?? '';
  const email = user.email?.trim().toLowerCase() ?? '';
  if (!first && email) return PENDING_USER_TEXT;
  const name = `${first} ${last}`.trim();
  if (!email) return name;
  return name ? `${name} <${email}>` : `<${email}>`;
}

/**
 * The name part of the SPEC §3 user display ('First Last', or 'Pending user activation'), for a
 * table that shows the email in a column of its own (issue 17: the email shows once).
 */
export function formatUserName(user: UserLike | null | undefined): string {
  if (!user) return '';
  const first = user.firstName?.trim() ?? '';
  if (!first && user.email?.trim()) return PENDING_USER_TEXT;
  return `${first} ${user.lastName?.trim() ?? ''}`.trim();
}
