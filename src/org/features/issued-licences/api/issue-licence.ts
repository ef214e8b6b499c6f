import { useMutation, useQueryClient } from '@tanstack/react-query';
import { issueLicenceSchema, licenceSchema, type IssueLicence } from '@/contract/crm/licences';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { useSelectedOrgId } from '@/core/org';
import { ISSUED_LICENCES_KEY } from './get-issued-licences';
import { parseInput } from '@/core/api';

/** POST orgs/{orgId}/issued-licences: issue a licence of one of the organisation's offerings. */
export async function issueLicence(orgId: number, input: IssueLicence) {
  const body = parseInput(issueLicenceSchema, input);
  return licenceSchema.parse(await crmApi.post<unknown>(`orgs/${orgId}/issued-licences`, body));
}

export function useIssueLicence() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IssueLicence) => issueLicence(orgId ?? 0, input),
    onSuccess: async (licence) => {
      notify.success(`Licence of ${licence.product.name} issued to ${licence.customerOrg.name}`);
      await queryClient.invalidateQueries({ queryKey: [ISSUED_LICENCES_KEY] });
    },
  });
}
