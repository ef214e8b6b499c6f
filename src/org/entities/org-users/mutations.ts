import { idResultSchema } from '@/contract/common';
import {
  inviteUserSchema,
  orgUserSchema,
  updateMemberSchema,
  type InviteUser,
  type MemberFlags,
  type OrgUser,
} from '@/contract/crm/users';
import { crmApi } from '@/core/api';
import { useOrgId } from '@/core/org';
import { useEntityMutation } from '@/core/query';
import { orgUserKeys } from './api';

type UserRef = Pick<OrgUser, 'id' | 'email'>;

/** POST orgs/{orgId}/users/invite: a pending member until their first sign-in. */
export async function inviteUser(orgId: number, input: InviteUser) {
  const body = inviteUserSchema.parse(input);
  const data = await crmApi.post<unknown>(`orgs/${orgId}/users/invite`, body, {
    successMessage: `Invitation sent to ${body.email}`,
  });
  return orgUserSchema.parse(data);
}

export interface UpdateMemberInput {
  id: number;
  email: string;
  flags: Partial<MemberFlags>;
}

/** PUT orgs/{orgId}/users/{id}: the member's permission flags. */
export async function updateMember(orgId: number, { id, email, flags }: UpdateMemberInput) {
  const body = updateMemberSchema.parse(flags);
  const data = await crmApi.put<unknown>(`orgs/${orgId}/users/${id}`, body, {
    successMessage: `Permissions of ${email} saved`,
  });
  return orgUserSchema.parse(data);
}

/** DELETE orgs/{orgId}/users/{id}/invitation: a pending invitation is withdrawn. */
export async function revokeInvitation(orgId: number, user: UserRef) {
  const data = await crmApi.delete<unknown>(
    `orgs/${orgId}/users/${user.id}/invitation`,
    undefined,
    {
      successMessage: `Invitation of ${user.email} revoked`,
    },
  );
  return idResultSchema.parse(data);
}

/** DELETE orgs/{orgId}/users/{id}: the member leaves the organisation (and its sites). */
export async function removeMember(orgId: number, user: UserRef) {
  const data = await crmApi.delete<unknown>(`orgs/${orgId}/users/${user.id}`, undefined, {
    successMessage: `${user.email} removed from the organization`,
  });
  return idResultSchema.parse(data);
}

/** A write of the selected organisation's users; every read of them refreshes after it. */
function useOrgUserMutation<TInput, TResult>(
  write: (orgId: number, input: TInput) => Promise<TResult>,
) {
  const orgId = useOrgId();
  return useEntityMutation((input: TInput) => write(orgId, input), {
    invalidates: [orgUserKeys.all],
  });
}

export const useInviteUser = () => useOrgUserMutation(inviteUser);
export const useUpdateMember = () => useOrgUserMutation(updateMember);
export const useRevokeInvitation = () => useOrgUserMutation(revokeInvitation);
export const useRemoveMember = () => useOrgUserMutation(removeMember);
