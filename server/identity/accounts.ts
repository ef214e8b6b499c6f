import type { Db, Queryable } from '../db/types';
import { auditAs } from '../db/audit-context';
import type { Services } from '../http/routes';
import { hashPassword } from '../auth/passwords';
import { hashSecret, newSecret, signUserHint } from '../auth/secrets';
import { existingAccountMessage, verifyAddressMessage } from '../mail/messages';

/**
 * Accounts and their addresses. An account is made only for an address its owner has proven
 * (the link of an address check, or of an invitation), so nobody holds an address they do not
 * receive mail at; `email_verified_at` says when (the ID token's email_verified).
 */
export interface AccountRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  password_hash: string | null;
  email_verified_at: Date | null;
}

const ACCOUNT_COLUMNS = 'id, email, first_name, last_name, password_hash, email_verified_at';
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function accountByEmail(db: Queryable, email: string) {
  const [row] = await db.query<AccountRow>(
    `select ${ACCOUNT_COLUMNS} from users where email = $1 and status = 'active'`,
    [normaliseEmail(email)],
  );
  return row;
}

export async function accountById(db: Queryable, id: number) {
  const [row] = await db.query<AccountRow>(
    `select ${ACCOUNT_COLUMNS} from users where id = $1 and status = 'active'`,
    [id],
  );
  return row;
}

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

/**
 * Makes the account of a proven address; undefined when the address has one already. What was
 * shared with the address before it had an account (blasts shared by email) becomes the account's.
 * The trail records it as 'register' (the password's hash as '(hidden)').
 */
export async function createProvenAccount(tx: Queryable, a: NewAccount) {
  const email = normaliseEmail(a.email);
  await auditAs(tx, 'register');
  const [row] = await tx.query<{ id: number }>(
    `insert into users (email, first_name, last_name, password_hash, status, email_verified_at)
     values ($1, $2, $3, $4, 'active', now()) on conflict (email) do nothing returning id`,
    [email, a.firstName, a.lastName, a.passwordHash],
  );
  if (!row) return undefined;
  await tx.query(
    `update shared_blasts set shared_with_user_id = $1, shared_with_email = null where shared_with_email = $2`,
    [row.id, email],
  );
  return row.id;
}

/** The owner of the account has just proven its address (they followed a link sent to it). */
export async function markAddressProven(tx: Queryable, userId: number) {
  await tx.query(
    'update users set email_verified_at = coalesce(email_verified_at, now()) where id = $1',
    [userId],
  );
}

const REGISTRATION_TTL_HOURS = 24;
/** How long the sign-in hints in the stack's messages and pages are good for. */
export const HINT_TTL_SECONDS = 24 * 3600;

export const verifyPath = (issuer: string) => `${issuer}/Account/Verify`;

/** The org portal's getStarted address that pre-fills this user's email on the sign-in page. */
export const signInLink = (
  services: Services,
  hintKey: string,
  userId: number,
  path = '/dashboard',
) =>
  `${services.config.portalOrigins.org}${path}?getStarted=${signUserHint(hintKey, userId, HINT_TTL_SECONDS)}`;

/**
 * A registration: the answer and the work are the same whether or not the address has an account
 * (the password is hashed either way; one message is sent either way), so neither the page nor
 * its timing says which. A new address gets a link that makes the account; an address with an
 * account gets a message telling its owner.
 */
export async function startRegistration(
  services: Services,
  hintKey: string,
  v: { email: string; firstName: string; lastName: string; password: string },
) {
  const { db, mailer, issuer } = services;
  const email = normaliseEmail(v.email);
  const passwordHash = await hashPassword(v.password);
  const existing = await accountByEmail(db, email);
  if (existing) {
    await mailer.send(
      existingAccountMessage({ to: email, signInLink: signInLink(services, hintKey, existing.id) }),
    );
    return;
  }
  const secret = newSecret();
  await db.query(
    `insert into pending_registrations (email, first_name, last_name, password_hash, token_hash, expires_at)
     values ($1, $2, $3, $4, $5, now() + $6 * interval '1 hour')`,
    [email, v.firstName, v.lastName, passwordHash, hashSecret(secret), REGISTRATION_TTL_HOURS],
  );
  await mailer.send(
    verifyAddressMessage({
      to: email,
      firstName: v.firstName,
      link: `${verifyPath(issuer)}?token=${secret}`,
    }),
  );
}

interface PendingRow {
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
}

/** The registration a link opens, while it can still be confirmed. */
export async function pendingRegistration(db: Queryable, secret: string) {
  const [row] = await db.query<PendingRow>(
    `select email, first_name, last_name, password_hash from pending_registrations
      where token_hash = $1 and expires_at > now()`,
    [hashSecret(secret)],
  );
  return row;
}

export type Confirmation =
  | { status: 'created'; userId: number; email: string }
  | { status: 'exists'; userId: number; email: string }
  | { status: 'invalid' };

/**
 * Follows an address check's link: makes the account with the registration's own names and
 * password (not any other registration's for the address), and ends every link for the address.
 */
export async function confirmRegistration(db: Db, secret: string): Promise<Confirmation> {
  return db.transaction(async (tx) => {
    const pending = await pendingRegistration(tx, secret);
    if (!pending) return { status: 'invalid' };
    await tx.query('delete from pending_registrations where email = $1', [pending.email]);
    const id = await createProvenAccount(tx, {
      email: pending.email,
      firstName: pending.first_name,
      lastName: pending.last_name,
      passwordHash: pending.password_hash,
    });
    if (id !== undefined) return { status: 'created', userId: id, email: pending.email };
    const existing = await accountByEmail(tx, pending.email);
    return existing
      ? { status: 'exists', userId: existing.id, email: existing.email }
      : { status: 'invalid' };
  });
}
