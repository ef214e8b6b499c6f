import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@/contract/identity/profile';
import { identityApi } from '@/core/api';

export const PROFILE_KEY = 'profile';

/** GET profile (identity API): the signed-in user's names and photo. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const data = await identityApi.get<unknown>('profile', undefined, { signal });
  return profileSchema.parse(data);
}

/** Not keyed by organisation: a profile is the same in all of them. */
export const profileQueryOptions = () =>
  queryOptions({ queryKey: [PROFILE_KEY], queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
