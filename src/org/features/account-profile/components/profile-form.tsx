import type { Profile } from '@/contract/identity/profile';
import { updateProfileSchema } from '@/contract/identity/profile';
import { FormEngine, type FormSettings, withContractLimits } from '@/core/forms';
import { useUpdateProfile } from '../api/update-profile';

export const profileFormSettings: FormSettings = withContractLimits(updateProfileSchema, {
  rows: [
    [
      {
        field: 'firstName',
        type: 'string',
        title: 'First name',
        isMandatory: true,
        width: 6,
      },
      {
        field: 'lastName',
        type: 'string',
        title: 'Last name',
        isMandatory: true,
        width: 6,
      },
    ],
    [
      {
        field: 'email',
        type: 'email',
        title: 'Email',
        isDisabled: true,
        isValidate: false,
        tooltip: 'Your sign-in email; it cannot be changed here',
      },
    ],
    [{ field: 'avatar_Base64', type: 'avatar', title: 'Profile photo' }],
  ],
});

/** The profile form; a saved profile reloads it with what the identity service kept. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  return (
    <FormEngine
      key={`${profile.firstName ?? ''}|${profile.lastName ?? ''}|${profile.avatar_Base64?.length ?? 0}`}
      settings={profileFormSettings}
      defaultValues={{
        firstName: profile.firstName ?? '',
        lastName: profile.lastName ?? '',
        email: profile.email,
        avatar_Base64: profile.avatar_Base64 ?? '',
      }}
      onSubmit={async (values) => {
        const avatar = typeof values.avatar_Base64 === 'string' ? values.avatar_Base64 : '';
        await update.mutateAsync({
          firstName: String(values.firstName ?? ''),
          lastName: String(values.lastName ?? ''),
          ...(avatar && avatar !== profile.avatar_Base64 ? { avatar_Base64: avatar } : {}),
        });
      }}
    />
  );
}
