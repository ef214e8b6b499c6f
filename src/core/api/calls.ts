import { z } from 'zod';
import {
  userAvatarSchema,
  userMetadataSchema,
  type UserAvatar,
  type UserMetadata,
} from '@/contract/metadata';
import { crmApi } from './lazy';

/** Parses an answer with its contract schema: a backend that drifts is an error we see. */
function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`Unexpected answer from ${what}: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** SPEC §7: GET Orgs/GetUserMetadata?includeOrgAvatars=… (CRM) — the user's organisations and permissions. */
// Stryker disable next-line BooleanLiteral: the one caller (index.ts) always passes the flag, with the same default
export async function getUserMetadata(includeOrgAvatars = true): Promise<UserMetadata> {
  const data = await crmApi.get<unknown>('Orgs/GetUserMetadata', { includeOrgAvatars });
  return parse(userMetadataSchema, data, 'Orgs/GetUserMetadata');
}

/** The answer of GetUserMetadata sent at boot (./index.ts), or null when it is not one. */
export function parseUserMetadata(data: unknown): UserMetadata | null {
  const parsed = userMetadataSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * SPEC §8: a missing avatar or icon is logged only, so the avatar calls handle their errors
 * themselves (no toast) and reject for the caller to log.
 */
function unlessInError<T>(result: { inError: boolean; message: string; data?: T }, what: string) {
  if (result.inError) throw new Error(`${what}: ${result.message}`);
  return result.data;
}

/** SPEC §7: GET users/getdefaultavatar (CRM). Its shape is not specified: a data-image string or an object. */
export async function getDefaultAvatar(): Promise<unknown> {
  const result = await crmApi.get<unknown>('users/getdefaultavatar', undefined, {
    handleErrorManually: true,
  });
  return unlessInError(result, 'users/getdefaultavatar');
}

/** SPEC §7: GET users/getavatars?userIds=1&userIds=2 (CRM). */
export async function getAvatars(userIds: readonly number[]): Promise<UserAvatar[]> {
  if (userIds.length === 0) return [];
  const result = await crmApi.get<unknown>(
    'users/getavatars',
    { userIds },
    { handleErrorManually: true },
  );
  return parse(
    z.array(userAvatarSchema),
    unlessInError(result, 'users/getavatars'),
    'users/getavatars',
  );
}
