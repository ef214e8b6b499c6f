import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  customDataInputSchema,
  customDataRecordSchema,
  idResultSchema,
  type CustomDataRecord,
} from '@/contract/common';
import { crmApi } from '@/core/api';
import type { CustomDataRecord as EditorRecord } from '@/core/custom-data';
import { useSelectedOrgId } from '@/core/org';
import { orgQueryKey } from '@/core/query';

export const ORG_CUSTOM_DATA_KEY = 'org-custom-data';

/** GET orgs/{orgId}/custom-data: the organisation's custom data records. */
export async function getOrgCustomData(
  orgId: number,
  signal?: AbortSignal,
): Promise<CustomDataRecord[]> {
  const data = await crmApi.get<unknown>(`orgs/${orgId}/custom-data`, undefined, { signal });
  return z.array(customDataRecordSchema).parse(data);
}

export const orgCustomDataQueryOptions = (orgId: number | null) =>
  queryOptions({
    queryKey: orgQueryKey(orgId, ORG_CUSTOM_DATA_KEY),
    queryFn: ({ signal }) => getOrgCustomData(orgId ?? 0, signal),
    enabled: orgId !== null,
  });

export function useOrgCustomData() {
  return useQuery(orgCustomDataQueryOptions(useSelectedOrgId()));
}

const inputOf = (record: EditorRecord) =>
  customDataInputSchema.parse({
    name: record.name,
    description: record.description ?? null,
    executionPriority: Number(record.executionPriority),
    data: record.data,
  });

/**
 * POST orgs/{orgId}/custom-data (new record: the editor's temporary id is dropped) or
 * PUT orgs/{orgId}/custom-data/{id}.
 */
export async function saveOrgCustomData(orgId: number, record: EditorRecord, isNew: boolean) {
  const body = inputOf(record);
  const data = isNew
    ? await crmApi.post<unknown>(`orgs/${orgId}/custom-data`, body, {
        successMessage: `Custom data '${body.name}' added`,
      })
    : await crmApi.put<unknown>(`orgs/${orgId}/custom-data/${record.id}`, body, {
        successMessage: `Custom data '${body.name}' saved`,
      });
  return customDataRecordSchema.parse(data);
}

/** DELETE orgs/{orgId}/custom-data/{id} */
export async function deleteOrgCustomData(orgId: number, record: EditorRecord) {
  const data = await crmApi.delete<unknown>(`orgs/${orgId}/custom-data/${record.id}`, undefined, {
    successMessage: `Custom data '${record.name}' deleted`,
  });
  return idResultSchema.parse(data);
}

export function useSaveOrgCustomData() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, isNew }: { record: EditorRecord; isNew: boolean }) =>
      saveOrgCustomData(orgId ?? 0, record, isNew),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORG_CUSTOM_DATA_KEY] }),
  });
}

export function useDeleteOrgCustomData() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (record: EditorRecord) => deleteOrgCustomData(orgId ?? 0, record),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORG_CUSTOM_DATA_KEY] }),
  });
}
