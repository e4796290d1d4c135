import type { TFunction } from './i18n';

/**
 * A member's name as the team sees it wherever they are listed (the members
 * table, the leaderboard, their page): the display name, or 'Teammitglied
 * ohne Namen' without one, so that nobody has two names in one team.
 */
export function memberName(t: TFunction, displayName: string | null | undefined): string {
  return displayName?.trim() || t('team.leaderboard.noName');
}
