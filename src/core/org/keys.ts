/** The user's metadata and avatar: invalidate `.all` after changing an organisation or a photo. */
export const userMetadataKeys = { all: ['userMetadata'] as const };
export const userAvatarKeys = { all: ['userAvatar'] as const };
export const userMetadataQueryKey = (sub: string) => [...userMetadataKeys.all, sub] as const;
export const userAvatarQueryKey = (sub: string) => [...userAvatarKeys.all, sub] as const;
/** The default avatar: the same for every user, so one entry. */
export const defaultAvatarQueryKey = ['defaultAvatar'] as const;
