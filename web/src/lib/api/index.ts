export { api, apiRequest, apiUrl, ApiError, type RequestOptions } from './client';
export { meQueryKey, meQueryOptions } from './queries/me';
export { isAdminQueryKey, isAdminQueryOptions } from './queries/is-admin';
export type * from './types';
export { CURRENT_TERMS_VERSION } from './types';
