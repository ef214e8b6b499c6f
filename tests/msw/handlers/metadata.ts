import { http, HttpResponse } from 'msw';
import type { UserAvatar, UserMetadata } from '@/contract/metadata';
import { config } from '@/core/config';
import { createUserMetadata } from '../../factories/metadata';

export const metadataUrl = `${config.crmApiUrl}/Orgs/GetUserMetadata`;
export const avatarsUrl = `${config.crmApiUrl}/users/getavatars`;
export const defaultAvatarUrl = `${config.crmApiUrl}/users/getdefaultavatar`;

export const DEFAULT_AVATAR = 'data:image/png;base64,ZGVmYXVsdA==';

const envelope = <T>(data: T) => HttpResponse.json({ success: true, errors: null, data });

/** GET Orgs/GetUserMetadata answering with the given metadata (SPEC §7). */
export function metadataHandler(metadata: UserMetadata) {
  return http.get(metadataUrl, () => envelope(metadata));
}

/** GET users/getavatars answering with the given avatars (none by default). */
export function avatarsHandler(avatars: UserAvatar[] = []) {
  return http.get(avatarsUrl, () => envelope(avatars));
}

export function defaultAvatarHandler(avatar: string = DEFAULT_AVATAR) {
  return http.get(defaultAvatarUrl, () => envelope(avatar));
}

/** The default metadata: one organisation where the user is an org admin. */
export const defaultMetadata: UserMetadata = createUserMetadata([
  {
    org: {
      id: 1,
      name: 'Acme Mining',
      permissions: { isOrgAdmin: true, isProductOwnerEnabled: true },
    },
    permissions: { isOrgAdmin: true },
  },
]);

export const metadataHandlers = [
  metadataHandler(defaultMetadata),
  avatarsHandler(),
  defaultAvatarHandler(),
];
