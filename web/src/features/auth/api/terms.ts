import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, CURRENT_TERMS_VERSION, meQueryKey } from '../../../lib/api';
import type { ConsentRequest, MeResponse, TermsResponse } from '../../../lib/api';

/** POST /api/me/terms: records acceptance (time, version 2, user agent) on the user. */
export const acceptTerms = () =>
  api.post<TermsResponse>('/api/me/terms', { userAgent: navigator.userAgent });

/** POST /api/consent: the consent audit record. */
export const reportConsent = () =>
  api.post<undefined>('/api/consent', {
    consentType: 'terms',
    termsVersion: CURRENT_TERMS_VERSION,
    userAgent: navigator.userAgent,
  } satisfies ConsentRequest);

/**
 * Accepts the terms, then reports the consent (whose failure is ignored) and
 * updates the cached profile so the guards let the user in.
 */
export function useAcceptTerms(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const accepted = await acceptTerms();
      try {
        await reportConsent();
      } catch (err) {
        console.warn('consent report failed', err);
      }
      return accepted;
    },
    onSuccess: (accepted) => {
      queryClient.setQueryData<MeResponse>(meQueryKey(userId), (old) =>
        old
          ? {
              ...old,
              user: {
                ...old.user,
                terms_accepted_at: accepted.terms_accepted_at,
                terms_version: accepted.terms_version,
              },
            }
          : old,
      );
    },
  });
}
