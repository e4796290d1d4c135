import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ApiSchemas } from '../../../lib/api';
import { teamKey } from './team';

// The team's company sign-in (issue 29, /work/briefs/sso-contract.md; the
// DNS proof of a domain: issue 38): GET|PUT|DELETE /api/team/sso, POST
// /api/team/sso/test, POST /api/team/sso/domains/verify; owner only.
/** A role new people get. */
export type SsoRole = ApiSchemas['TeamSSO']['defaultRole'];
/**
 * A listed e-mail domain; `claimed` once the team proved it by DNS: the TXT
 * record `dnsName` with the value `dnsValue` (a test sign-in claims nothing).
 */
export type SsoDomain = ApiSchemas['SSODomain'];
/** What the last 'Testen' brought back from the provider; `error` is a server message code or null. */
export type SsoLastTest = ApiSchemas['SSOLastTest'];
/** GET /api/team/sso (and the answer of PUT). The client secret never comes back. */
export type TeamSso = ApiSchemas['TeamSSO'];
/** PUT /api/team/sso body; clientSecret omitted (or "") keeps the stored one. */
export type TeamSsoUpdate = Required<Pick<ApiSchemas['TeamSSOUpdate'], 'enforced' | 'active'>> & ApiSchemas['TeamSSOUpdate'];

/** Under the team's key: a live update of kind "team" refreshes it too. */
export const teamSsoKey = [...teamKey, 'sso'] as const;

/** GET /api/team/sso: 403 team_owner_only for managers and members, 404 team_not_found without a team. */
export function teamSsoQueryOptions() {
  return queryOptions({
    queryKey: teamSsoKey,
    queryFn: ({ signal }) => api.get<TeamSso>('/api/team/sso', { signal }),
    retry: false,
  });
}

/**
 * PUT /api/team/sso: 400 with field errors (sso_domain_freemail at the
 * domains), sso_discovery_failed (issuer), 409 sso_domain_taken, 409
 * sso_test_required (active without a current test), 409
 * sso_domain_unclaimed (active without a domain proven by DNS).
 */
export const saveTeamSso = (body: TeamSsoUpdate) => api.put<TeamSso>('/api/team/sso', body);

/** DELETE /api/team/sso: settings, domain claims and the linked identities go. */
export const removeTeamSso = () => api.delete<undefined>('/api/team/sso');

/**
 * POST /api/team/sso/domains/verify: looks up the domain's TXT record and
 * claims it; the settings with the domain `claimed` (also when it was
 * already). 409 sso_domain_unverified (no such record yet), 409
 * sso_domain_taken, 400 fields.domain (sso_domain_not_listed,
 * sso_domain_freemail), 503 sso_dns_unavailable, 429 after 30 checks an hour.
 */
export const verifyTeamSsoDomain = (domain: string) => api.post<TeamSso>('/api/team/sso/domains/verify', { domain });

/** POST /api/team/sso/test: the provider's URL for the owner's test sign-in (409 sso_test_unsaved before settings are saved). */
export const testTeamSso = () => api.post<{ url: string }>('/api/team/sso/test');

/** The domains as the owner typed them: one per line or comma-separated, lower-cased, without blanks. */
export function parseDomains(text: string): string[] {
  const domains = text
    .split(/[\s,;]+/)
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d !== '');
  return [...new Set(domains)];
}
