import { z } from 'zod';
import { bodyIdSchema, attachmentSchema, emailSchema, idSchema } from '../common';

/** GET/PUT /crm/v1/email-preferences/{email}/{code} (anonymous; the code from the email grants access). */
export const emailPreferencesSchema = z.object({
  email: z.string(),
  productUpdates: z.boolean(),
  serviceNotices: z.boolean(),
  marketing: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const emailPreferencesParamsSchema = z.object({
  email: z.string().min(3).max(254),
  code: z.string().min(1).max(200),
});
export const updateEmailPreferencesSchema = emailPreferencesSchema.omit({ email: true });

/** POST /crm/v1/orgs/{orgId}/support-requests (only the support organisations). */
export const supportRequestSchema = z.object({
  subject: z.string().trim().min(1, 'Mandatory field').max(200),
  message: z.string().trim().min(1, 'Mandatory field').max(10_000),
  attachments: z.array(attachmentSchema).max(10).default([]),
});
export type SupportRequest = z.input<typeof supportRequestSchema>;
export const supportRequestResultSchema = z.object({ id: z.number().int(), createdAt: z.string() });

/** POST /crm/v1/subscription-registrations (anonymous). */
export const registrationInputSchema = z.object({
  organisationName: z.string().trim().min(1, 'Mandatory field').max(200),
  organisationDescription: z.string().max(2000).nullable().optional(),
  contactFirstName: z.string().trim().min(1, 'Mandatory field').max(100),
  contactLastName: z.string().trim().min(1, 'Mandatory field').max(100),
  contactEmail: emailSchema,
  contactPhone: z.string().max(50).nullable().optional(),
  offeringId: bodyIdSchema.nullable().optional(),
});
export type RegistrationInput = z.input<typeof registrationInputSchema>;

export const registrationSchema = registrationInputSchema.extend({
  id: z.number().int(),
  status: z.enum(['open', 'completed']),
  createdOrgId: z.number().int().nullable(),
  createdAt: z.string(),
});
export const registrationCreatedSchema = z.object({ id: z.number().int(), code: z.string() });
export const registrationParamsSchema = z.object({
  id: idSchema,
  code: z.string().min(1).max(200),
});
/** POST /crm/v1/subscription-registrations/{id}/{code}/complete (signed in): answers the new org and subscription. */
export const registrationCompletedSchema = z.object({
  orgId: z.number().int(),
  subscriptionId: z.number().int().nullable(),
});
