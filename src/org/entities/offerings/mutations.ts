import {
  offeringDetailSchema,
  offeringInputSchema,
  type Offering,
  type OfferingDetail,
  type OfferingInput,
} from '@/contract/crm/offerings';
import { idResultSchema } from '@/contract/common';
import { crmApi, parseInput } from '@/core/api';
import { useCustomDataHandlers } from '@/core/custom-data';
import { notify } from '@/core/notify';
import { useOrgId } from '@/core/org';
import { useEntityMutation } from '@/core/query';
import { offeringKeys } from './api';

/** POST orgs/{orgId}/offerings (create) or PUT orgs/{orgId}/offerings/{id} (edit). */
export async function saveOffering(
  orgId: number,
  id: number | null,
  input: OfferingInput,
): Promise<OfferingDetail> {
  const body = parseInput(offeringInputSchema, input);
  const data =
    id === null
      ? await crmApi.post<unknown>(`orgs/${orgId}/offerings`, body)
      : await crmApi.put<unknown>(`orgs/${orgId}/offerings/${id}`, body);
  return offeringDetailSchema.parse(data);
}

export function useSaveOffering() {
  const orgId = useOrgId();
  return useEntityMutation(
    ({ id, input }: { id: number | null; input: OfferingInput }) => saveOffering(orgId, id, input),
    {
      invalidates: [offeringKeys.all],
      onSuccess: (saved, { id }) =>
        notify.success(
          `${saved.type === 'product' ? 'Product' : 'Service'} '${saved.name}' ${id === null ? 'created' : 'saved'}`,
        ),
    },
  );
}

/** DELETE orgs/{orgId}/offerings/{id}: refused (403) while subscriptions or licences use it. */
export async function deleteOffering(orgId: number, id: number): Promise<number> {
  const data = await crmApi.delete<unknown>(`orgs/${orgId}/offerings/${id}`);
  return idResultSchema.parse(data).id;
}

export function useDeleteOffering() {
  const orgId = useOrgId();
  return useEntityMutation((offering: Offering) => deleteOffering(orgId, offering.id), {
    invalidates: [offeringKeys.all],
    onSuccess: (_id, offering) => notify.success(`'${offering.name}' deleted`),
  });
}

/** Save and delete of an offering's custom data records (orgs/{orgId}/offerings/{id}/custom-data). */
export function useOfferingCustomData(offeringId: number) {
  return useCustomDataHandlers(crmApi, `orgs/${useOrgId()}/offerings/${offeringId}/custom-data`, [
    offeringKeys.all,
  ]);
}
