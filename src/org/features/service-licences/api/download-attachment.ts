import { crmApi } from '@/core/api';

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
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = attachment.fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Let the browser start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
