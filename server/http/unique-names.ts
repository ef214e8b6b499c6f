import { conflict, type HttpError } from './envelope';

/**
 * The unique name indexes (server/db/migrations/050_unique_names.sql) and the 409 each answers
 * on `name`. The services need no check of their own before writing: a duplicate, also one
 * written by a concurrent request between a check and the write, fails in the database with
 * SQLSTATE 23505 naming the index, and the error handler (server/http/errors.ts) answers it here.
 */
export const UNIQUE_NAME_MESSAGES: Readonly<Record<string, string>> = {
  orgs_name_unique: 'An organization with this name already exists',
  offerings_name_unique: 'A product or service with this name already exists in the organization',
  sites_name_unique: 'A site with this name already exists in the organization',
  blasts_name_unique: 'A blast with this name already exists on this site',
  node_libraries_org_name_unique:
    'A node library with this name already exists in the organization',
  node_libraries_site_name_unique: 'A node library with this name already exists on this site',
};

/** PostgreSQL's unique_violation. */
export const UNIQUE_VIOLATION = '23505';

/** The 409 of a database error that is a duplicate name, or null for any other error. */
export function duplicateName(error: unknown, field = 'name'): HttpError | null {
  if (error === null || typeof error !== 'object') return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== UNIQUE_VIOLATION || typeof constraint !== 'string') return null;
  const message = UNIQUE_NAME_MESSAGES[constraint];
  return message === undefined ? null : conflict(field, message);
}
