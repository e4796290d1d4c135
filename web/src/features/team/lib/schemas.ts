import { z } from 'zod';
import type { MessageKey } from '../../../lib/i18n';
import { parseDomains, type TeamSsoUpdate } from '../api/sso';

// Error messages are i18n keys; the forms translate them. Limits as the
// server's (team.go: MaxTeamNameRunes, NormalizeInviteEmail).
const msg = (key: MessageKey) => ({ error: key });

/** 'Team gründen' → POST /api/teams {name} */
export const teamNameSchema = z.object({
  name: z.string().trim().min(1, msg('team.found.nameRequired')).max(100, msg('team.found.nameTooLong')),
});

/** 'Per E-Mail einladen' → POST /api/team/invitations {email, role} */
export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, msg('validation.emailRequired'))
    .max(254, msg('validation.emailInvalid'))
    .pipe(z.email(msg('validation.emailInvalid'))),
  role: z.enum(['member', 'manager']),
});

/**
 * 'Firmen-Anmeldung' → PUT /api/team/sso (without `active`, which the page
 * adds). Limits as the contract's; the issuer's https rule and the domains'
 * syntax are the server's (its answer shows at the fields). The secret is
 * needed only until one is stored (`secretStored`).
 */
export const ssoSchema = z
  .object({
    issuer: z.string().trim().min(1, msg('team.sso.issuerRequired')).max(300, msg('team.sso.tooLong')),
    clientId: z.string().trim().min(1, msg('team.sso.clientIdRequired')).max(300, msg('team.sso.tooLong')),
    clientSecret: z.string().max(2000, msg('team.sso.tooLong')),
    secretStored: z.boolean(),
    // A date field gives YYYY-MM-DD, or '' for none.
    clientSecretExpiresOn: z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, msg('team.sso.secretExpiryInvalid')),
    domains: z
      .string()
      .transform(parseDomains)
      .pipe(z.array(z.string().max(253, msg('team.sso.tooLong'))).min(1, msg('team.sso.domainsRequired')).max(10, msg('team.sso.domainsTooMany'))),
    enforced: z.boolean(),
    defaultRole: z.enum(['member', 'manager']),
  })
  .refine((v) => v.secretStored || v.clientSecret.trim() !== '', { path: ['clientSecret'], ...msg('team.sso.secretRequired'), when: () => true })
  .transform(
    (v): Omit<TeamSsoUpdate, 'active'> => ({
      issuer: v.issuer,
      clientId: v.clientId,
      ...(v.clientSecret.trim() !== '' ? { clientSecret: v.clientSecret.trim() } : {}),
      domains: v.domains,
      enforced: v.enforced,
      defaultRole: v.defaultRole,
      clientSecretExpiresOn: v.clientSecretExpiresOn || null,
    }),
  );
