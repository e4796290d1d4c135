import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';
import { isManager, myTeamQueryOptions } from '../api/team';
import { roleName } from '../lib/roles';
import './team.css';

/** 'Was dein Team sieht' on 'Mein Fortschritt' (docs/privacy.md), for someone in a team. */
export function TeamPrivacyNote() {
  const { t } = useI18n();
  const headingId = useId();
  const team = useQuery(myTeamQueryOptions());
  if (!team.data) return null;
  const { name, role } = team.data;
  return (
    <section className="panel team-privacy" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.privacy.title')}
      </h2>
      {isManager(role) ? <p>{t('team.privacy.manager', { role: roleName(t, role), name })}</p> : null}
      <p>{t('team.privacy.text', { name })}</p>
    </section>
  );
}
