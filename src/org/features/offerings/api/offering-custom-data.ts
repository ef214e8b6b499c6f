import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  customDataInputSchema,
  customDataRecordSchema,
  idResultSchema,
  type CustomDataInput,
} from '@/contract/common';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { useSelectedOrgId } from '@/core/org';
import { OFFERINGS_KEY } from './get-offerings';
import { parseInput } from '@/core/api';

/** POST orgs/{orgId}/offerings/{id}/custom-data, or PUT .../custom-data/{recordId}. */
export async function saveOfferingCustomData(
  orgId: number,
  offeringId: number,
  recordId: number | null,
  input: CustomDataInput,
) {
  const body = parseInput(customDataInputSchema, input);
  const base = `orgs/${orgId}/offerings/${offeringId}/custom-data`;
  const data =
    recordId === null
      ? await crmApi.post<unknown>(base, body)
      : await crmApi.put<unknown>(`${base}/${recordId}`, body);
  return customDataRecordSchema.parse(data);
}

/** DELETE orgs/{orgId}/offerings/{id}/custom-data/{recordId} */
export async function deleteOfferingCustomData(
  orgId: number,
  offeringId: number,
  recordId: number,
) {
  const data = await crmApi.delete<unknown>(
    `orgs/${orgId}/offerings/${offeringId}/custom-data/${recordId}`,
  );
  return idResultSchema.parse(data).id;
}

export function useOfferingCustomData(offeringId: number) {
  const orgId = useSelectedOrgId() ?? 0;
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: [OFFERINGS_KEY] });
  const save = useMutation({
    mutationFn: ({ recordId, input }: { recordId: number | null; input: CustomDataInput }) =>
      saveOfferingCustomData(orgId, offeringId, recordId, input),
    onSuccess: async (record) => {
      notify.success(`Custom data '${record.name}' saved`);
      await invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: (recordId: number) => deleteOfferingCustomData(orgId, offeringId, recordId),
    onSuccess: async () => {
      notify.success('Custom data deleted');
      await invalidate();
    },
  });
  return { save, remove };
}
