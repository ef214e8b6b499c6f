import type { SiteUser } from '@/contract/data/site-users';
import { formatUser } from '@/core/format';
import { FormModal, type FormValues } from '@/core/forms';
import { flagFieldRows, memberFormSettings } from '@/core/members';
import { flagsOf, siteUserFlags } from './site-user-flags';

/** Add and edit share these settings; the email is fixed on edit; one flag at least. */
export function siteUserFormSettings(mode: 'add' | 'edit') {
  return memberFormSettings({
    editing: mode === 'edit',
    flagRows: flagFieldRows(siteUserFlags, (flag) =>
      flag === 'isSiteUser'
        ? {
            validate: (value, values) =>
              value === true || values.isSiteAdmin === true
                ? undefined
                : 'Choose site admin, site user or both',
          }
        : {},
    ),
    emailTooltip: 'A member of the organization',
  });
}

export interface SiteUserModalProps {
  mode: 'add' | 'edit';
  user: SiteUser | null;
  onSubmit: (values: FormValues) => Promise<void>;
  onClose: () => void;
}

export function SiteUserModal({ mode, user, onSubmit, onClose }: SiteUserModalProps) {
  return (
    <FormModal
      title={
        mode === 'add'
          ? 'Add a user to the site'
          : `Site permissions of ${user ? formatUser(user) : ''}`
      }
      settings={siteUserFormSettings(mode)}
      defaultValues={
        user
          ? { email: user.email, ...flagsOf(user) }
          : { email: '', isSiteAdmin: false, isSiteUser: true }
      }
      submitLabel={mode === 'add' ? 'Add' : 'Save'}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}
