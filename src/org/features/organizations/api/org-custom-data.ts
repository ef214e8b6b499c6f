import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  customDataInputSchema,
  customDataRecordSchema,
  idResultSchema,
  type CustomDataInput,
  type CustomDataRecord,
} from '@/contract/common';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { queryPresets } from '@/core/query';
import { ORGANISATIONS_KEY } from './get-organisations';
import { parseInput } from '@/core/api';

/**
 * GET orgs/{orgId}/custom-data: an organisation's custom data records. A sysadmin holds every
 * flag in every organisation, so the org routes serve the Organizations screen too.
 */
export async function getOrgCustomData(
  orgId: number,
  signal?: AbortSignal,
): Promise<CustomDataRecord[]> {
  const data = await crmApi.get<unknown>(`orgs/${orgId}/custom-data`, undefined, { signal });
  return z.array(customDataRecordSchema).parse(data);
}

// Keyed by the organisation it belongs to (not the selected one): the sysadmin edits any.
export const orgCustomDataQueryOptions = (orgId: number) =>
  queryOptions({
    ...queryPresets.records,
    queryKey: [ORGANISATIONS_KEY, 'custom-data', { orgId }],
    queryFn: ({ signal }) => getOrgCustomData(orgId, signal),
  });

export function useOrgCustomData(orgId: number) {
  return useQuery(orgCustomDataQueryOptions(orgId));
}

/** POST orgs/{orgId}/custom-data, or PUT .../custom-data/{id}. */
export async function saveOrgCustomData(
  orgId: number,
  recordId: number | null,
  input: CustomDataInput,
) {
  const body = parseInput(customDataInputSchema, input);
  const data =
    recordId === null
      ? await crmApi.post<unknown>(`orgs/${orgId}/custom-data`, body)
      : await crmApi.put<unknown>(`orgs/${orgId}/custom-data/${recordId}`, body);
  return customDataRecordSchema.parse(data);
}

/** DELETE orgs/{orgId}/custom-data/{id} */
export async function deleteOrgCustomData(orgId: number, recordId: number) {
  return idResultSchema.parse(await crmApi.delete<unknown>(`orgs/${orgId}/custom-data/${recordId}`))
    .id;
}

export function useOrgCustomDataMutations(orgId: number) {
  const queryClient = useQueryClient();
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: orgCustomDataQueryOptions(orgId).queryKey });
  const save = useMutation({
    mutationFn: ({ recordId, input }: { recordId: number | null; input: CustomDataInput }) =>
      saveOrgCustomData(orgId, recordId, input),
    onSuccess: async (record) => {
      notify.success(`Custom data '${record.name}' saved`);
      await invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: (recordId: number) => deleteOrgCustomData(orgId, recordId),
    onSuccess: async () => {
      notify.success('Custom data deleted');
      await invalidate();
    },
  });
  return { save, remove };
}
