import type { SiteUser, SiteUserFlags } from '@/contract/data/site-users';
import { permissionFlagLabels } from '@/contract/flags';
import { formatUser } from '@/core/format';
import { FormModal, type FormValues } from '@/core/forms';
import { flagFieldRows, flagValues, memberFormSettings, type MemberFlagSet } from '@/core/members';

/** A site user's flags, with the words the screen uses for them. */
export const siteUserFlags: MemberFlagSet<keyof SiteUserFlags> = {
  names: ['isSiteAdmin', 'isSiteUser'],
  labels: permissionFlagLabels,
};

export const flagsOf = (values: Partial<Record<keyof SiteUserFlags, unknown>>): SiteUserFlags =>
  flagValues(siteUserFlags, values);

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
