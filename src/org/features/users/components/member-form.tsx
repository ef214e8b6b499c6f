import { useMemo } from 'react';
import type { MemberFlags, OrgUser } from '@/contract/crm/users';
import { useDataTableContext } from '@/core/data-table';
import { FormEngine, type FieldSetting, type FormSettings, type FormValues } from '@/core/forms';
import { Modal } from '@/core/ui/modal';

/** The flags a member may hold here, with the words the screen uses for them. */
export const FLAG_LABELS: Record<keyof MemberFlags, string> = {
  isOrgAdmin: 'Org admin',
  isBusinessManager: 'Business manager',
  isSubManager: 'Subscription manager',
  isDeveloper: 'Developer',
  isTechSupport: 'Tech support',
};
export const FLAG_NAMES = Object.keys(FLAG_LABELS) as (keyof MemberFlags)[];

export function flagsOf(values: Partial<Record<keyof MemberFlags, unknown>>): MemberFlags {
  return Object.fromEntries(FLAG_NAMES.map((f) => [f, values[f] === true])) as MemberFlags;
}

/** Invite and edit share these settings; only org admins may grant or take org admin. */
export const DUPLICATE_INVITATION = 'This user is already a member or has a pending invitation';

export function memberFormSettings(
  mode: 'invite' | 'edit',
  canGrantAdmin: boolean,
  existingEmails: readonly string[] = [],
): FormSettings {
  const flagFields: FieldSetting[] = FLAG_NAMES.map((flag) => ({
    field: flag,
    type: 'toggleSwitch',
    title: FLAG_LABELS[flag],
    width: 6,
    ...(flag === 'isOrgAdmin' && !canGrantAdmin
      ? { isDisabled: true, tooltip: 'Only organisation admins can change this flag' }
      : {}),
  }));
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
          // No duplicate invitations: said before asking the server (which refuses them too).
          validate: (value) =>
            mode === 'invite' &&
            typeof value === 'string' &&
            existingEmails.includes(value.trim().toLowerCase())
              ? DUPLICATE_INVITATION
              : undefined,
          tooltip:
            mode === 'invite'
              ? 'The invitation stays pending until this person first signs in'
              : undefined,
        },
      ],
      flagFields.slice(0, 2),
      flagFields.slice(2, 4),
      flagFields.slice(4),
    ],
  };
}

export interface MemberModalProps {
  mode: 'invite' | 'edit';
  user: OrgUser | null;
  canGrantAdmin: boolean;
  onSubmit: (values: FormValues) => Promise<void>;
  onClose: () => void;
}

/** The invite / edit permissions modal (FormEngine; server field errors land under the fields). */
export function MemberModal({ mode, user, canGrantAdmin, onSubmit, onClose }: MemberModalProps) {
  const { rows } = useDataTableContext();
  const settings = useMemo(
    () =>
      memberFormSettings(
        mode,
        canGrantAdmin,
        (rows as OrgUser[]).map((r) => r.email.toLowerCase()),
      ),
    [mode, canGrantAdmin, rows],
  );
  const defaults: FormValues = user
    ? { email: user.email, ...flagsOf(user) }
    : { email: '', ...flagsOf({}) };
  return (
    <Modal
      open
      onClose={onClose}
      title={mode === 'invite' ? 'Invite a user' : `Permissions of ${user?.email ?? ''}`}
    >
      {mode === 'invite' && (
        <p className="text-body-secondary small">
          The person receives an email and appears as &lsquo;Pending user activation&rsquo; until
          they first sign in.
        </p>
      )}
      <FormEngine
        settings={settings}
        defaultValues={defaults}
        submitLabel={mode === 'invite' ? 'Send invitation' : 'Save'}
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
