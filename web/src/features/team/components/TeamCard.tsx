import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Dialog } from '../../../components/ui/Dialog';
import { meQueryOptions } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useI18n } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { myTeamQueryOptions } from '../api/team';
import { roleName } from '../lib/roles';
import { FoundTeamForm } from './FoundTeamForm';
import './team.css';

/** 'Team gründen' in a dialog: a button, the name, and then the team page. */
export function FoundTeamButton({ className = 'button button--secondary button--small' }: { className?: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {t('team.found')}
      </button>
      <Dialog open={open} title={t('team.found')} onClose={() => setOpen(false)}>
        {open ? (
          <FoundTeamForm
            onFounded={() => {
              setOpen(false);
              navigate('/team');
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

/** The caller's team in one line with a link to it, or 'Team gründen' (not for guests). */
export function TeamSummary() {
  const { t } = useI18n();
  const { session } = useAuth();
  const me = useQuery({ ...meQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
  const guest = me.data?.user.is_anonymous ?? false;
  const team = useQuery(myTeamQueryOptions());
  if (!team.isSuccess) return null;
  if (team.data) {
    return (
      <p className="team-card__in">
        {t('team.profile.in', { name: team.data.name, role: roleName(t, team.data.role) })}{' '}
        <Link to="/team">{t('team.card.open')}</Link>
      </p>
    );
  }
  if (guest) return <p>{t('team.found.guest')}</p>;
  return (
    <>
      <p>{t('team.card.text')}</p>
      <div>
        <FoundTeamButton />
      </div>
    </>
  );
}

/** The dashboard's team card: the team and a link, or 'Team gründen'. */
export function TeamCard() {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="panel team-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {t('team.title')}
      </h2>
      <TeamSummary />
    </section>
  );
}
