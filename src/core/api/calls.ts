import { z } from 'zod';
import {
  userAvatarSchema,
  userMetadataSchema,
  type UserAvatar,
  type UserMetadata,
} from '@/contract/metadata';
import { crmApi, identityApi } from './client';

/** Parses an answer with its contract schema: a backend that drifts is an error we see. */
function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`Unexpected answer from ${what}: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** SPEC §7: GET Orgs/GetUserMetadata?includeOrgAvatars=… (CRM) — the user's organisations and permissions. */
export async function getUserMetadata(includeOrgAvatars = true): Promise<UserMetadata> {
  const data = await crmApi.get<unknown>('Orgs/GetUserMetadata', { includeOrgAvatars });
  return parse(userMetadataSchema, data, 'Orgs/GetUserMetadata');
}

/** SPEC §7: GET users/getdefaultavatar (identity API). Its shape is not specified: a data-image string or an object. */
export function getDefaultAvatar(): Promise<unknown> {
  return identityApi.get<unknown>('users/getdefaultavatar');
}

/** SPEC §7: GET users/getavatars?userIds=1&userIds=2 (identity API). */
export async function getAvatars(userIds: readonly number[]): Promise<UserAvatar[]> {
  if (userIds.length === 0) return [];
  const data = await identityApi.get<unknown>('users/getavatars', { userIds });
  return parse(z.array(userAvatarSchema), data, 'users/getavatars');
}
