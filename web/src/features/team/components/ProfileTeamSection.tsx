import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../../lib/i18n';
import { myTeamQueryOptions } from '../api/team';
import { LeaderboardSwitch } from './LeaderboardSwitch';
import { TeamSummary } from './TeamCard';

/** The profile's 'Team' section: the team or 'Team gründen', and 'In der Bestenliste anzeigen' for a team's member. */
export function ProfileTeamSection() {
  const { t } = useI18n();
  const team = useQuery(myTeamQueryOptions());
  return (
    <fieldset className="profile-form__section">
      <legend className="profile-form__legend">{t('team.profile.section')}</legend>
      <TeamSummary />
      {team.data ? <LeaderboardSwitch id="profile-leaderboard_visible" /> : null}
    </fieldset>
  );
}
