import { useMemo } from 'react';
import type { OrgUser } from '@/contract/crm/users';
import { useDataTableContext } from '@/core/data-table';
import { FormModal, type FormValues } from '@/core/forms';
import { flagFieldRows, memberFormSettings } from '@/core/members';
import { flagsOf, memberFlags } from './member-flags';

export const DUPLICATE_INVITATION = 'This user is already a member or has a pending invitation';

/** Invite and edit share these settings; only org admins may grant or take org admin. */
export function orgMemberFormSettings(
  mode: 'invite' | 'edit',
  canGrantAdmin: boolean,
  existingEmails: readonly string[] = [],
) {
  return memberFormSettings({
    editing: mode === 'edit',
    flagRows: flagFieldRows(memberFlags, (flag) =>
      flag === 'isOrgAdmin' && !canGrantAdmin
        ? { isDisabled: true, tooltip: 'Only organization admins can change this flag' }
        : {},
    ),
    emailTooltip: 'The invitation stays pending until this person first signs in',
    // No duplicate invitations: said before asking the server (which refuses them too).
    validateEmail: (value) =>
      mode === 'invite' &&
      typeof value === 'string' &&
      existingEmails.includes(value.trim().toLowerCase())
        ? DUPLICATE_INVITATION
        : undefined,
  });
}

export interface MemberModalProps {
  mode: 'invite' | 'edit';
  user: OrgUser | null;
  canGrantAdmin: boolean;
  onSubmit: (values: FormValues) => Promise<void>;
  onClose: () => void;
}

/** The invite / edit permissions modal. */
export function MemberModal({ mode, user, canGrantAdmin, onSubmit, onClose }: MemberModalProps) {
  const { rows } = useDataTableContext<OrgUser>();
  const settings = useMemo(
    () =>
      orgMemberFormSettings(
        mode,
        canGrantAdmin,
        rows.map((r) => r.email.toLowerCase()),
      ),
    [mode, canGrantAdmin, rows],
  );
  return (
    <FormModal
      title={mode === 'invite' ? 'Invite a user' : `Permissions of ${user?.email ?? ''}`}
      intro={
        mode === 'invite' && (
          <p className="text-body-secondary small">
            The person receives an email and appears as &lsquo;Pending user activation&rsquo; until
            they first sign in.
          </p>
        )
      }
      settings={settings}
      defaultValues={{ email: user?.email ?? '', ...flagsOf(user ?? {}) }}
      submitLabel={mode === 'invite' ? 'Send invitation' : 'Save'}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}
