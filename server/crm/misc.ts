import {
  emailPreferencesParamsSchema,
  emailPreferencesSchema,
  supportRequestResultSchema,
  supportRequestSchema,
  updateEmailPreferencesSchema,
} from '@/contract/crm/misc';
import { orgParamsSchema } from '@/contract/common';
import { anonymous, defineRoute, org, type Services } from '../http/routes';
import { HttpError, badRequest, forbidden } from '../http/envelope';
import { decodeAttachments } from '../http/files';
import { checkStorage, checkSupportRequests, lockOrg } from '../http/quotas';

/** A support request carries up to 10 attachments of 20 MiB; a request at most this much. */
const SUPPORT_BODY_LIMIT = 64 * 1024 * 1024;

interface PrefRow {
  email: string;
  code: string;
  code_expires_at: Date;
  product_updates: boolean;
  service_notices: boolean;
  marketing: boolean;
}
export const miscRoutes = ({ db, config }: Services) => {
  const prefs = async (email: string, code: string) => {
    const [row] = await db.query<PrefRow>('select * from email_preferences where email = $1', [
      email.trim().toLowerCase(),
    ]);
    if (!row || row.code !== code)
      throw new HttpError(
        404,
        'This email preferences link is not valid. Use the link in your latest email.',
      );
    if (row.code_expires_at.getTime() < Date.now())
      throw badRequest(
        'code',
        'This email preferences link has expired. Use the link in your latest email.',
        'expired',
      );
    return row;
  };
  const mapPrefs = (r: PrefRow) => ({
    email: r.email,
    productUpdates: r.product_updates,
    serviceNotices: r.service_notices,
    marketing: r.marketing,
  });
  return [
    defineRoute({
      method: 'GET',
      url: '/email-preferences/:email/:code',
      access: anonymous,
      summary: 'Email preferences by the code from an email (anonymous)',
      params: emailPreferencesParamsSchema,
      response: emailPreferencesSchema,
      handler: async ({ params }) => mapPrefs(await prefs(params.email, params.code)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/email-preferences/:email/:code',
      access: anonymous,
      summary: 'Save email preferences (anonymous, by code)',
      params: emailPreferencesParamsSchema,
      body: updateEmailPreferencesSchema,
      response: emailPreferencesSchema,
      handler: async ({ params, body }) => {
        const row = await prefs(params.email, params.code);
        const [saved] = await db.query<PrefRow>(
          'update email_preferences set product_updates = $2, service_notices = $3, marketing = $4, updated_at = now() where email = $1 returning *',
          [row.email, body.productUpdates, body.serviceNotices, body.marketing],
        );
        return saved ? mapPrefs(saved) : null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/orgs/:orgId/support-requests',
      access: org('supportRequests.write'),
      bodyLimit: SUPPORT_BODY_LIMIT,
      summary: 'Send a support request (only the support organisations, SUPPORT_ORG_IDS)',
      params: orgParamsSchema,
      body: supportRequestSchema,
      response: supportRequestResultSchema,
      handler: async ({ params, body, user }) => {
        if (!config.supportOrgIds.includes(params.orgId))
          throw forbidden('Support requests are not available for your organization');
        const attachments = decodeAttachments(body.attachments).map((a) => ({
          fileName: a.fileName,
          size: a.bytes.length,
          base64: a.bytes.toString('base64'),
        }));
        return db.transaction(async (tx) => {
          await lockOrg(tx, params.orgId);
          await checkSupportRequests(tx, config.quotas, params.orgId);
          const bytes = attachments.reduce((n, a) => n + a.size, 0);
          await checkStorage(tx, config.quotas, params.orgId, bytes, 'attachments');
          const [row] = await tx.query<{ id: number; created_at: Date }>(
            'insert into support_requests (org_id, user_id, subject, message, attachments) values ($1, $2, $3, $4, $5) returning id, created_at',
            [params.orgId, user.id, body.subject, body.message, JSON.stringify(attachments)],
          );
          return row ? { id: row.id, createdAt: row.created_at.toISOString() } : null;
        });
      },
    }),
  ];
};
