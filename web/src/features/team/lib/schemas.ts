import { z } from 'zod';
import type { MessageKey } from '../../../lib/i18n';

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
