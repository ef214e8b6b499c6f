import { crmApi } from '@/core/api';
import { saveBlob } from '@/core/files';
import type { SubscriptionSide } from './keys';

/**
 * GET orgs/{orgId}/{side}/{id}/attachments/{attachmentId} with the bearer token (the API
 * client's isFile: a Blob), then saved as the attachment's file: the strict CSP allows no
 * navigation to the API with a token. The vendor reads it from issued-subscriptions, the
 * subscriber from my-subscriptions.
 */
export async function downloadSubscriptionAttachment(
  side: SubscriptionSide,
  orgId: number,
  subscriptionId: number,
  attachment: { id: number; fileName: string },
): Promise<void> {
  const blob = await crmApi.get<Blob>(
    `orgs/${orgId}/${side}/${subscriptionId}/attachments/${attachment.id}`,
    undefined,
    { isFile: true },
  );
  saveBlob(blob, attachment.fileName);
}
