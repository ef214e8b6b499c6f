import { defineRoute, registerRoutes, signedIn, type Services } from '../http/routes';
import { checkAvatar } from '../http/images';
import { notFound } from '../http/envelope';
import { profileSchema, updateProfileSchema } from '@/contract/identity/profile';
import type { FastifyInstance } from 'fastify';

/** The identity API under /identity/v1 (scope IdentityServerApi): the caller's profile. */
export function registerProfileApi(app: FastifyInstance, services: Services, base: string) {
  const { db } = services;
  registerRoutes(app, services, `${base}/v1`, 'IdentityServerApi', [
    defineRoute({
      method: 'GET',
      url: '/profile',
      access: signedIn,
      summary: "The caller's profile",
      response: profileSchema,
      handler: async ({ user }) => {
        const [row] = await db.query<{ avatar: string | null }>(
          'select avatar from users where id = $1',
          [user.id],
        );
        return {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          avatar_Base64: row?.avatar ?? null,
        };
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/profile',
      access: signedIn,
      summary: "Edit the caller's names and photo",
      body: updateProfileSchema,
      response: profileSchema,
      handler: async ({ user, body }) => {
        const avatar =
          body.avatar_Base64 === undefined
            ? undefined
            : body.avatar_Base64 === null || body.avatar_Base64 === ''
              ? null
              : checkAvatar('avatar_Base64', body.avatar_Base64);
        const [row] = await db.query<{
          id: number;
          first_name: string;
          last_name: string;
          email: string;
          avatar: string | null;
        }>(
          `update users set first_name = $2, last_name = $3, avatar = case when $4::boolean then $5 else avatar end
            where id = $1 returning id, first_name, last_name, email, avatar`,
          [user.id, body.firstName, body.lastName, avatar !== undefined, avatar ?? null],
        );
        if (!row) throw notFound('User');
        return {
          id: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          avatar_Base64: row.avatar,
        };
      },
    }),
  ]);
}
