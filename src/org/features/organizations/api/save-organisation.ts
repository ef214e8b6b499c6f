import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminUpdateOrgSchema,
  createOrgSchema,
  organisationSchema,
  type Organisation,
} from '@/contract/crm/orgs';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { ORGANISATIONS_KEY } from './get-organisations';
import { parseInput } from '@/core/api';

export type OrganisationInput = z.input<typeof adminUpdateOrgSchema>;

/** POST admin/orgs (create) or PUT admin/orgs/{orgId} (edit, flags included); sysadmin. */
export async function saveOrganisation(
  id: number | null,
  input: OrganisationInput,
): Promise<Organisation> {
  const data =
    id === null
      ? await crmApi.post<unknown>('admin/orgs', parseInput(createOrgSchema, input))
      : await crmApi.put<unknown>(`admin/orgs/${id}`, parseInput(adminUpdateOrgSchema, input));
  return organisationSchema.parse(data);
}

export function useSaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: OrganisationInput }) =>
      saveOrganisation(id, input),
    onSuccess: async (saved, { id }) => {
      notify.success(`Organisation '${saved.name}' ${id === null ? 'created' : 'saved'}`);
      await queryClient.invalidateQueries({ queryKey: [ORGANISATIONS_KEY] });
    },
  });
}
