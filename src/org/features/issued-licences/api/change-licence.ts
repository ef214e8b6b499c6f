import { useMutation, useQueryClient } from '@tanstack/react-query';
import { licenceSchema, renewLicenceSchema, type Licence } from '@/contract/crm/licences';
import { crmApi } from '@/core/api';
import { notify } from '@/core/notify';
import { useSelectedOrgId } from '@/core/org';
import { ISSUED_LICENCES_KEY } from './get-issued-licences';
import { parseInput } from '@/core/api';

export type LicenceChange =
  | { kind: 'suspend' | 'reinstate'; licence: Licence }
  | { kind: 'renew'; licence: Licence; expiry: string };

const done = { suspend: 'suspended', reinstate: 'reinstated', renew: 'renewed' } as const;

/**
 * POST orgs/{orgId}/issued-licences/{id}/suspend | reinstate, or .../renew with a new expiry.
 */
export async function changeLicence(orgId: number, change: LicenceChange): Promise<Licence> {
  const path = `orgs/${orgId}/issued-licences/${change.licence.id}/${change.kind}`;
  const body =
    change.kind === 'renew' ? parseInput(renewLicenceSchema, { expiry: change.expiry }) : {};
  return licenceSchema.parse(await crmApi.post<unknown>(path, body));
}

export function useChangeLicence() {
  const orgId = useSelectedOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LicenceChange) => changeLicence(orgId ?? 0, change),
    onSuccess: async (licence, change) => {
      notify.success(
        `Licence of ${licence.product.name} for ${licence.customerOrg.name} ${done[change.kind]}`,
      );
      await queryClient.invalidateQueries({ queryKey: [ISSUED_LICENCES_KEY] });
    },
  });
}
