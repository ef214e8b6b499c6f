import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  profileSchema,
  updateProfileSchema,
  type UpdateProfile,
} from '@/contract/identity/profile';
import { identityApi } from '@/core/api';
import { userAvatarKeys } from '@/core/org';
import { PROFILE_KEY } from './get-profile';

/** PUT profile (identity API): first name, last name, photo. */
export async function updateProfile(input: UpdateProfile) {
  const body = updateProfileSchema.parse(input);
  const data = await identityApi.put<unknown>('profile', body, { successMessage: 'Profile saved' });
  return profileSchema.parse(data);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData([PROFILE_KEY], saved);
      // The shell's user menu shows the photo from the avatars call.
      return queryClient.invalidateQueries({ queryKey: userAvatarKeys.all });
    },
  });
}
