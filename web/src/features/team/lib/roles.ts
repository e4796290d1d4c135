import type { TFunction } from '../../../lib/i18n';
import type { TeamRole } from '../api/team';

/** 'Inhaber', 'Manager', 'Mitglied'. */
export const roleName = (t: TFunction, role: TeamRole) => t(`team.role.${role}`);
