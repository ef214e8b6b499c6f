import { crmApi } from '@/core/api';
import { saveBlob } from '@/core/files';

/**
 * GET orgs/{orgId}/my-subscriptions/{id}/attachments/{attachmentId} (the subscriber's side) with
 * the bearer token (the API client's isFile: a Blob), then saved through a blob URL: the strict
 * CSP allows no navigation to the API with a token, and the server answers it as an attachment.
 */
export async function downloadAttachment(
  orgId: number,
  subscriptionId: number,
  attachment: { id: number; fileName: string },
): Promise<void> {
  const blob = await crmApi.get<Blob>(
    `orgs/${orgId}/my-subscriptions/${subscriptionId}/attachments/${attachment.id}`,
    undefined,
    { isFile: true },
  );
  saveBlob(blob, attachment.fileName);
}
