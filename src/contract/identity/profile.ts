import { z } from 'zod';

/** GET /identity/v1/profile (scope IdentityServerApi). */
export const profileSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** data:image/png|jpeg;base64,... or null. */
  avatar_Base64: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A person's first or last name is at most this long (profile, and the registration page). */
export const MAX_PERSON_NAME_LENGTH = 100;

/** PUT /identity/v1/profile. The email is not editable here. */
export const updateProfileSchema = z.object({
  firstName: z.string().trim().min(1, 'Mandatory field').max(MAX_PERSON_NAME_LENGTH),
  lastName: z.string().trim().min(1, 'Mandatory field').max(MAX_PERSON_NAME_LENGTH),
  /** A data URL or plain base64 of a JPG/PNG at most 131072 bytes; null removes the photo; omitted keeps it. */
  avatar_Base64: z.string().max(1_400_000).nullable().optional(),
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;
