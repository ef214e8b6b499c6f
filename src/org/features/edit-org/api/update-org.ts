import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationSchema, updateOrgSchema, type UpdateOrg } from '@/contract/crm/orgs';
import { crmApi } from '@/core/api';
import { useSelectedOrgId } from '@/core/org';
import { ORG_KEY } from './get-org';

/** PUT orgs/{orgId} (org owner): name, description, avatar. customData is left as it is. */
export async function updateOrg(orgId: number, input: UpdateOrg) {
  const body = updateOrgSchema.parse(input);
  const data = await crmApi.put<unknown>(`orgs/${orgId}`, body, {
    successMessage: 'Organisation saved',
  });
  return organisationSchema.parse(data);
}

export function useUpdateOrg() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrg) => updateOrg(orgId ?? 0, input),
    // The shell's organisation switcher shows the name and avatar from the user metadata.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ORG_KEY] }),
        queryClient.invalidateQueries({ queryKey: ['userMetadata'] }),
      ]),
  });
}
