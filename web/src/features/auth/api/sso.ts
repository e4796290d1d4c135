import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ApiSchemas, LoginResponse } from '../../../lib/api';
import type { Language } from '../../../lib/i18n';

// Company sign-in (issue 29, /work/briefs/sso-contract.md).
/** POST /api/auth/sso/start body. */
export interface SsoStartRequest {
  email: string;
  remember: boolean;
  /** The page's language: an account the sign-in creates takes it. */
  language: Language;
}

/** POST /api/auth/sso/start answer: the company provider's authorization URL. */
export type SsoStartResponse = ApiSchemas['SSOURL'];

/** GET /api/auth/sso/link?token= answer: whose account waits for the password proof. */
export type SsoLinkInfo = ApiSchemas['SSOLinkInfo'];

/** POST /api/auth/sso/link body. */
export interface SsoLinkRequest {
  token: string;
  password: string;
  remember: boolean;
}

/**
 * POST /api/auth/sso/start: 400 sso_email_invalid, 404 sso_not_configured
 * (no active team claims the domain), 503 sso_unavailable.
 */
export const startSso = (body: SsoStartRequest) =>
  api.post<SsoStartResponse>('/api/auth/sso/start', body, { auth: false });

export function useSsoStart() {
  return useMutation({ mutationFn: startSso });
}

/** GET /api/auth/sso/link: 404 sso_link_invalid for an unknown, used or expired token. */
export const ssoLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'sso-link', token],
    queryFn: ({ signal }) =>
      api.get<SsoLinkInfo>(`/api/auth/sso/link?${new URLSearchParams({ token }).toString()}`, { auth: false, signal }),
    retry: false,
    staleTime: Infinity,
  });

/**
 * POST /api/auth/sso/link: exactly what POST /api/auth/login answers (a
 * session, or the two-factor challenge); 401 for a wrong password, 404
 * sso_link_invalid.
 */
export const linkSso = (body: SsoLinkRequest) =>
  api.post<LoginResponse>('/api/auth/sso/link', body, { auth: false });

export function useSsoLink() {
  return useMutation({ mutationFn: linkSso });
}
