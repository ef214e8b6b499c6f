import { useMutation } from '@tanstack/react-query';
import {
  supportRequestResultSchema,
  supportRequestSchema,
  type SupportRequest,
} from '@/contract/crm/misc';
import { crmApi } from '@/core/api';
import { useOrgId } from '@/core/org';

/** POST orgs/{orgId}/support-requests (only the three configured organisations). */
export async function sendSupportRequest(orgId: number, input: SupportRequest) {
  const body = supportRequestSchema.parse(input);
  const data = await crmApi.post<unknown>(`orgs/${orgId}/support-requests`, body, {
    successMessage: 'Support request sent',
  });
  return supportRequestResultSchema.parse(data);
}

/** Nothing to invalidate: the portal lists no support requests. */
export function useSendSupportRequest() {
  const orgId = useOrgId();
  return useMutation({
    mutationFn: (input: SupportRequest) => sendSupportRequest(orgId, input),
  });
}
