import type { SiteUser, SiteUserFlags } from '@/contract/data/site-users';
import { formatUser } from '@/core/format';
import { FormEngine, type FormSettings, type FormValues } from '@/core/forms';
import { Modal } from '@/core/ui/modal';

export const flagsOf = (values: Partial<Record<keyof SiteUserFlags, unknown>>): SiteUserFlags => ({
  isSiteAdmin: values.isSiteAdmin === true,
  isSiteUser: values.isSiteUser === true,
});

/** Add and edit share these settings; the email is fixed on edit. */
export function siteUserFormSettings(mode: 'add' | 'edit'): FormSettings {
  return {
    rows: [
      [
        {
          field: 'email',
          type: 'email',
          title: 'Email',
          isMandatory: true,
          maxLength: 254,
          placeholder: 'name@example.com',
          isDisabled: mode === 'edit',
          tooltip: mode === 'add' ? 'A member of the organisation' : undefined,
        },
      ],
      [
        { field: 'isSiteAdmin', type: 'toggleSwitch', title: 'Site admin', width: 6 },
        {
          field: 'isSiteUser',
          type: 'toggleSwitch',
          title: 'Site user',
          width: 6,
          validate: (value, values) =>
            value === true || values.isSiteAdmin === true
              ? undefined
              : 'Choose site admin, site user or both',
        },
      ],
    ],
  };
}

export interface SiteUserModalProps {
  mode: 'add' | 'edit';
  user: SiteUser | null;
  onSubmit: (values: FormValues) => Promise<void>;
  onClose: () => void;
}

export function SiteUserModal({ mode, user, onSubmit, onClose }: SiteUserModalProps) {
  const defaults: FormValues = user
    ? { email: user.email, ...flagsOf(user) }
    : { email: '', isSiteAdmin: false, isSiteUser: true };
  return (
    <Modal
      open
      onClose={onClose}
      title={
        mode === 'add'
          ? 'Add a user to the site'
          : `Site permissions of ${user ? formatUser(user) : ''}`
      }
    >
      <FormEngine
        settings={siteUserFormSettings(mode)}
        defaultValues={defaults}
        submitLabel={mode === 'add' ? 'Add' : 'Save'}
        onSubmit={onSubmit}
        actions={
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Cancel
          </button>
        }
      />
    </Modal>
  );
}
