import { randomBytes } from 'node:crypto';
import {
  emailPreferencesParamsSchema,
  emailPreferencesSchema,
  registrationCompletedSchema,
  registrationCreatedSchema,
  registrationInputSchema,
  registrationParamsSchema,
  registrationSchema,
  supportRequestResultSchema,
  supportRequestSchema,
  updateEmailPreferencesSchema,
} from '@/contract/crm/misc';
import { MAX_ATTACHMENT_BYTES, orgParamsSchema } from '@/contract/common';
import { anonymous, defineRoute, org, signedIn, type Services } from '../http/routes';
import { HttpError, badRequest, forbidden, notFound } from '../http/envelope';
import { decodeBase64, safeFileName } from '../http/images';

interface PrefRow {
  email: string;
  code: string;
  code_expires_at: Date;
  product_updates: boolean;
  service_notices: boolean;
  marketing: boolean;
}
interface RegRow {
  id: number;
  code: string;
  organisation_name: string;
  organisation_description: string | null;
  contact_first_name: string;
  contact_last_name: string;
  contact_email: string;
  contact_phone: string | null;
  offering_id: number | null;
  status: 'open' | 'completed';
  created_org_id: number | null;
  created_at: Date;
}
const mapReg = (r: RegRow) => ({
  id: r.id,
  organisationName: r.organisation_name,
  organisationDescription: r.organisation_description,
  contactFirstName: r.contact_first_name,
  contactLastName: r.contact_last_name,
  contactEmail: r.contact_email,
  contactPhone: r.contact_phone,
  offeringId: r.offering_id,
  status: r.status,
  createdOrgId: r.created_org_id,
  createdAt: r.created_at.toISOString(),
});
/** Offerings anyone may register for: the product-owner vendor's (Acme's) offerings. */
const REGISTRATION_VENDOR_SQL =
  'select f.id, f.org_id from offerings f join orgs o on o.id = f.org_id where f.id = $1 and (o.is_product_owner_enabled or o.is_service_owner_enabled)';

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
  const registration = async (id: number, code: string) => {
    const [row] = await db.query<RegRow>('select * from subscription_registrations where id = $1', [
      id,
    ]);
    if (!row || row.code !== code)
      throw new HttpError(404, 'Registration not found. Check the link in your email.');
    return row;
  };
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
      access: org(),
      bodyLimit: 64 * 1024 * 1024,
      summary: 'Send a support request (only the support organisations, SUPPORT_ORG_IDS)',
      params: orgParamsSchema,
      body: supportRequestSchema,
      response: supportRequestResultSchema,
      handler: async ({ params, body, user }) => {
        if (!config.supportOrgIds.includes(params.orgId))
          throw forbidden('Support requests are not available for your organisation');
        const attachments = body.attachments.map((a, i) => {
          const bytes = decodeBase64(a.base64);
          if (!bytes) throw badRequest(`attachments.${i}.base64`, 'Not a base64 file');
          if (bytes.length > MAX_ATTACHMENT_BYTES)
            throw badRequest(`attachments.${i}.base64`, 'File size is too large', 'maxSize');
          return {
            fileName: safeFileName(a.fileName),
            size: bytes.length,
            base64: bytes.toString('base64'),
          };
        });
        const [row] = await db.query<{ id: number; created_at: Date }>(
          'insert into support_requests (org_id, user_id, subject, message, attachments) values ($1, $2, $3, $4, $5) returning id, created_at',
          [params.orgId, user.id, body.subject, body.message, JSON.stringify(attachments)],
        );
        return row ? { id: row.id, createdAt: row.created_at.toISOString() } : null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/subscription-registrations',
      access: anonymous,
      summary: 'Start a subscription registration (anonymous); answers its id and code',
      body: registrationInputSchema,
      response: registrationCreatedSchema,
      handler: async ({ body }) => {
        if (body.offeringId) {
          const [off] = await db.query(REGISTRATION_VENDOR_SQL, [body.offeringId]);
          if (!off) throw badRequest('offeringId', 'Unknown offering');
        }
        const code = randomBytes(16).toString('base64url');
        const [row] = await db.query<{ id: number }>(
          `insert into subscription_registrations (code, organisation_name, organisation_description, contact_first_name, contact_last_name, contact_email, contact_phone, offering_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
          [
            code,
            body.organisationName,
            body.organisationDescription ?? null,
            body.contactFirstName,
            body.contactLastName,
            body.contactEmail,
            body.contactPhone ?? null,
            body.offeringId ?? null,
          ],
        );
        return { id: row?.id ?? 0, code };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/subscription-registrations/:id/:code',
      access: anonymous,
      summary: 'An existing registration by id and code (anonymous)',
      params: registrationParamsSchema,
      response: registrationSchema,
      handler: async ({ params }) => mapReg(await registration(params.id, params.code)),
    }),
    defineRoute({
      method: 'POST',
      url: '/subscription-registrations/:id/:code',
      access: anonymous,
      summary: 'Update an open registration by id and code (anonymous)',
      params: registrationParamsSchema,
      body: registrationInputSchema,
      response: registrationSchema,
      handler: async ({ params, body }) => {
        const reg = await registration(params.id, params.code);
        if (reg.status !== 'open') throw badRequest('id', 'This registration is already complete');
        const [row] = await db.query<RegRow>(
          `update subscription_registrations set organisation_name = $2, organisation_description = $3, contact_first_name = $4, contact_last_name = $5,
             contact_email = $6, contact_phone = $7, offering_id = $8 where id = $1 returning *`,
          [
            params.id,
            body.organisationName,
            body.organisationDescription ?? null,
            body.contactFirstName,
            body.contactLastName,
            body.contactEmail,
            body.contactPhone ?? null,
            body.offeringId ?? null,
          ],
        );
        return row ? mapReg(row) : null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/subscription-registrations/:id/:code/complete',
      access: signedIn,
      summary:
        'Complete a registration: creates the customer org (caller as owner) and its subscription',
      params: registrationParamsSchema,
      response: registrationCompletedSchema,
      handler: async ({ params, user }) => {
        const reg = await registration(params.id, params.code);
        if (reg.status !== 'open') throw badRequest('id', 'This registration is already complete');
        return db.transaction(async (tx) => {
          const [o] = await tx.query<{ id: number }>(
            `insert into orgs (name, description, custom_data) values ($1, $2, '{}') returning id`,
            [reg.organisation_name, reg.organisation_description],
          );
          const orgId = o?.id ?? 0;
          await tx.query(
            `insert into org_members (org_id, user_id, is_org_owner, is_org_admin, is_sub_manager, status) values ($1, $2, true, true, true, 'active')`,
            [orgId, user.id],
          );
          let subscriptionId: number | null = null;
          if (reg.offering_id) {
            const [off] = await tx.query<{ org_id: number; name: string }>(
              'select org_id, name from offerings where id = $1',
              [reg.offering_id],
            );
            if (off) {
              const [s] = await tx.query<{ id: number }>(
                `insert into subscriptions (vendor_org_id, subscriber_org_id, offering_id, name, start_date, end_date, seats_allowed)
                values ($1, $2, $3, $4, current_date, current_date + 30, 5) returning id`,
                [
                  off.org_id,
                  orgId,
                  reg.offering_id,
                  `${reg.organisation_name} - ${off.name} (trial)`,
                ],
              );
              subscriptionId = s?.id ?? null;
            }
          }
          const done = await tx.query(
            `update subscription_registrations set status = 'completed', created_org_id = $2 where id = $1 and status = 'open' returning id`,
            [params.id, orgId],
          );
          if (done.length === 0) throw notFound('Registration');
          return { orgId, subscriptionId };
        });
      },
    }),
  ];
};
