export {
  createApiClient,
  crmApi,
  dataApi,
  identityApi,
  isUnderConfiguredBase,
  MAX_FOLLOW_UP_PAGES,
  NOT_AUTHENTICATED_ROUTE,
  TOKEN_REFRESH_MARGIN_SECONDS,
} from './client';
export type { ApiClient, ManualResult, QueryParams, RequestOptions } from './client';
export {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  forbiddenMessage,
  isApiError,
  messageFromBody,
  NO_TOKEN_MESSAGE,
  NOT_FOUND_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
} from './errors';
export type { ApiErrorKind } from './errors';
export { configureApiAuth } from './auth-bridge';
export type { ApiAuth, ApiAuthUser } from './auth-bridge';
export { getAvatars, getDefaultAvatar, getUserMetadata } from './calls';
