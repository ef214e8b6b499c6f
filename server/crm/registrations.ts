import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  registrationCompletedSchema,
  registrationCreatedSchema,
  registrationInputSchema,
  registrationParamsSchema,
  registrationSchema,
} from '@/contract/crm/misc';
import { anonymous, defineRoute, signedIn, type Services } from '../http/routes';
import { HttpError, badRequest, notFound } from '../http/envelope';
import type { Queryable } from '../db/types';
import { offeringForSale, type OfferingForSale } from './offerings';
import { duplicateName } from '../http/unique-names';

/**
 * Subscription registrations: a first sale, started by the customer (anonymous, with the
 * offering's registration link), completed signed in (a new organisation, its owner the caller,
 * and a 30-day trial subscription to the offering). What may be registered for is checked the
 * same way on create, on every update and again on complete (issue 14): an offering whose
 * organisation is enabled to sell its type (offeringForSale), whatever the registration held
 * before.
 */
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

/** The offering a registration may be for; one answer for unknown and not for sale. */
async function registrableOffering(q: Queryable, offeringId: number | null | undefined) {
  if (offeringId === null || offeringId === undefined) return null;
  const offering = await offeringForSale(q, offeringId);
  if (!offering?.sellable) throw badRequest('offeringId', 'Unknown offering');
  return offering;
}

/** The columns a registration's input writes, in the order of COLUMNS ($2 on). */
const COLUMNS = [
  'organisation_name',
  'organisation_description',
  'contact_first_name',
  'contact_last_name',
  'contact_email',
  'contact_phone',
  'offering_id',
];
type Input = z.output<typeof registrationInputSchema>;
const values = (body: Input) => [
  body.organisationName,
  body.organisationDescription ?? null,
  body.contactFirstName,
  body.contactLastName,
  body.contactEmail,
  body.contactPhone ?? null,
  body.offeringId ?? null,
];

export const registrationRoutes = ({ db }: Services) => {
  const registration = async (q: Queryable, id: number, code: string, lock = false) => {
    const [row] = await q.query<RegRow>(
      `select * from subscription_registrations where id = $1${lock ? ' for update' : ''}`,
      [id],
    );
    if (!row || row.code !== code)
      throw new HttpError(404, 'Registration not found. Check the link in your email.');
    return row;
  };
  const open = (reg: RegRow) => {
    if (reg.status !== 'open') throw badRequest('id', 'This registration is already complete');
    return reg;
  };
  return [
    defineRoute({
      method: 'POST',
      url: '/subscription-registrations',
      access: anonymous,
      summary: 'Start a subscription registration (anonymous); answers its id and code',
      body: registrationInputSchema,
      response: registrationCreatedSchema,
      handler: async ({ body }) => {
        await registrableOffering(db, body.offeringId);
        const code = randomBytes(16).toString('base64url');
        const [row] = await db.query<{ id: number }>(
          `insert into subscription_registrations (code, ${COLUMNS.join(', ')})
           values ($1, ${COLUMNS.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
          [code, ...values(body)],
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
      handler: async ({ params }) => mapReg(await registration(db, params.id, params.code)),
    }),
    defineRoute({
      method: 'POST',
      url: '/subscription-registrations/:id/:code',
      access: anonymous,
      summary: 'Update an open registration by id and code (anonymous)',
      params: registrationParamsSchema,
      body: registrationInputSchema,
      response: registrationSchema,
      handler: async ({ params, body }) =>
        db.transaction(async (tx) => {
          open(await registration(tx, params.id, params.code, true));
          await registrableOffering(tx, body.offeringId);
          const [row] = await tx.query<RegRow>(
            `update subscription_registrations
                set ${COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')}
              where id = $1 returning *`,
            [params.id, ...values(body)],
          );
          return row ? mapReg(row) : null;
        }),
    }),
    defineRoute({
      method: 'POST',
      url: '/subscription-registrations/:id/:code/complete',
      access: signedIn,
      summary:
        'Complete a registration: creates the customer org (caller as owner) and its subscription',
      params: registrationParamsSchema,
      response: registrationCompletedSchema,
      handler: async ({ params, user }) =>
        db.transaction(async (tx) => {
          const reg = open(await registration(tx, params.id, params.code, true));
          // Checked again now: the vendor may have lost the right to sell since the update.
          const offering: OfferingForSale | null = await registrableOffering(tx, reg.offering_id);
          // Organisation names are unique (issue 17): a taken one is a 409 on organisationName,
          // the field the registrant changes in the registration's details.
          const [o] = await tx
            .query<{ id: number }>(
              `insert into orgs (name, description, custom_data) values ($1, $2, '{}') returning id`,
              [reg.organisation_name, reg.organisation_description],
            )
            .catch((error: unknown) => {
              throw duplicateName(error, 'organisationName') ?? error;
            });
          const orgId = o?.id ?? 0;
          await tx.query(
            `insert into org_members (org_id, user_id, is_org_owner, is_org_admin, is_sub_manager, status) values ($1, $2, true, true, true, 'active')`,
            [orgId, user.id],
          );
          let subscriptionId: number | null = null;
          if (offering) {
            const [s] = await tx.query<{ id: number }>(
              `insert into subscriptions (vendor_org_id, subscriber_org_id, offering_id, name, start_date, end_date, seats_allowed)
               values ($1, $2, $3, $4, current_date, current_date + 30, 5) returning id`,
              [
                offering.orgId,
                orgId,
                offering.id,
                `${reg.organisation_name} - ${offering.name} (trial)`,
              ],
            );
            subscriptionId = s?.id ?? null;
          }
          const done = await tx.query(
            `update subscription_registrations set status = 'completed', created_org_id = $2 where id = $1 and status = 'open' returning id`,
            [params.id, orgId],
          );
          if (done.length === 0) throw notFound('Registration');
          return { orgId, subscriptionId };
        }),
    }),
  ];
};
