export { api, apiFetch, apiRequest, apiUrl, ApiError, errorFromResponse, type RequestOptions } from './client';
export { readEventStream, type ServerSentEvent } from './sse';
export {
  conversationQueryKey,
  conversationQueryOptions,
  conversationsQueryKey,
  conversationsQueryOptions,
  deleteConversation,
  renameConversation,
} from './queries/conversations';
export { meQueryKey, meQueryOptions, updateMe } from './queries/me';
export { isAdminQueryKey, isAdminQueryOptions } from './queries/is-admin';
export type * from './types';
export { CURRENT_TERMS_VERSION } from './types';
