import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { SelectField, TextField } from '../../../components/ui/Field';
import { notify } from '../../../components/ui/notices-store';
import { meQueryOptions } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { AssignmentsPanel } from '../../dashboard/components/AssignmentsPanel';
import { RangeSwitch } from '../../progress/shared';
import { invitationsKey } from '../api/invitations';
import type { Range } from '../api/members';
import {
  deleteTeam,
  inviteMember,
  isManager,
  leaveTeam,
  myTeamQueryOptions,
  resetJoinLink,
  teamKey,
  type Team,
} from '../api/team';
import { roleName } from '../lib/roles';
import { inviteSchema } from '../lib/schemas';
import { FoundTeamForm } from './FoundTeamForm';
import { Leaderboard } from './Leaderboard';
import { MembersTable } from './MembersTable';
import { PendingInvitations } from './PendingInvitations';
import { TeamAggregates } from './TeamAggregates';
import './team.css';

/** Without a team: what a team is for, and 'Team gründen'. */
function NoTeam({ guest }: { guest: boolean }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.none.title')}
      </h2>
      <p>{t('team.none.text')}</p>
      {guest ? <p>{t('team.found.guest')}</p> : <FoundTeamForm />}
    </section>
  );
}

/** 'Per E-Mail einladen': owners invite managers and members, managers members. */
function InviteForm({ team }: { team: Team }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const headingId = useId();
  const form = useZodForm(inviteSchema, { email: '', role: 'member' }, 'team-invite-');
  const invite = useMutation({
    mutationFn: (data: { email: string; role: 'member' | 'manager' }) => inviteMember(data.email, data.role),
    onSuccess: async (sent) => {
      notify({ tone: 'success', text: t('team.invite.sent', { email: sent.email }) }, 5000);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: invitationsKey });
    },
    onError: (error) => {
      // team_invitation_email_invalid, _self, _member: at the e-mail field, which takes the focus.
      if (form.applyServerErrors(error)) document.getElementById('team-invite-email')?.focus();
      else form.setErrors({ _form: errorMessage(error, t) });
    },
  });
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.invite.title')}
      </h2>
      <form className="team-form team-form--row" noValidate onSubmit={form.handleSubmit((data) => invite.mutate(data))}>
        <TextField
          id="team-invite-email"
          type="email"
          label={t('team.invite.email')}
          value={form.values.email}
          autoComplete="off"
          maxLength={254}
          error={fieldErrorText(t, form.errors.email)}
          onChange={(e) => form.setValue('email', e.currentTarget.value)}
        />
        {team.role === 'owner' ? (
          <SelectField
            id="team-invite-role"
            label={t('team.invite.role')}
            value={form.values.role}
            onChange={(e) => form.setValue('role', e.currentTarget.value as 'member' | 'manager')}
          >
            <option value="member">{t('team.role.member')}</option>
            <option value="manager">{t('team.role.manager')}</option>
          </SelectField>
        ) : null}
        <div className="team-form__submit">
          <button type="submit" className="button button--primary" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
            {t('team.invite.submit')}
          </button>
        </div>
      </form>
      {form.errors._form ? (
        <p className="field__error" role="alert">
          {form.errors._form}
        </p>
      ) : null}
    </section>
  );
}

/** The join link (owners and managers see it; the owner makes a new one). */
function JoinLink({ team }: { team: Team }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: resetJoinLink,
    onSuccess: async () => {
      setConfirming(false);
      notify({ tone: 'success', text: t('team.link.resetDone') }, 4000);
      await queryClient.invalidateQueries({ queryKey: teamKey });
    },
  });
  const copy = () => {
    // No clipboard (an insecure origin, a refused permission): the field is there to select.
    void Promise.resolve()
      .then(() => navigator.clipboard.writeText(team.joinUrl ?? ''))
      .then(
        () => notify({ tone: 'success', text: t('team.link.copied') }, 3000),
        () => undefined,
      );
  };
  if (!team.joinUrl) return null;
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.link.title')}
      </h2>
      <p className="progress__muted">{t('team.link.text')}</p>
      <TextField id="team-join-link" label={t('team.link.label')} value={team.joinUrl} readOnly onFocus={(e) => e.currentTarget.select()} />
      <div className="team__actions">
        <button type="button" className="button button--secondary button--small" onClick={copy}>
          {t('team.link.copy')}
        </button>
        {team.role === 'owner' ? (
          <button type="button" className="button button--secondary button--small" onClick={() => setConfirming(true)}>
            {t('team.link.reset')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('team.link.reset')}
        text={t('team.link.resetConfirm')}
        confirmLabel={t('team.link.reset')}
        busy={reset.isPending}
        error={reset.isError ? errorMessage(reset.error, t) : null}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/** PayPal's statuses of a team subscription that still bills (or will, once approved at PayPal: APPROVED). */
const SEATS_BILLED = new Set(['ACTIVE', 'APPROVED', 'SUSPENDED']);

/** The owner deletes the team; everyone else leaves it. */
function ManageTeam({ team }: { team: Team }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const owner = team.role === 'owner';
  const end = useMutation({
    mutationFn: () => (owner ? deleteTeam() : leaveTeam()),
    onSuccess: async () => {
      setConfirming(false);
      notify({ tone: 'success', text: t(owner ? 'team.delete.done' : 'team.leave.done') }, 4000);
      await queryClient.invalidateQueries({ queryKey: teamKey });
    },
  });
  const label = t(owner ? 'team.delete' : 'team.leave');
  // Deleting the team cancels a team subscription that still bills; the dialog says so.
  const seatsBilled = owner && SEATS_BILLED.has(team.seats.status) && team.seats.quantity > 0;
  const confirmText = !owner
    ? t('team.leave.confirm', { name: team.name })
    : seatsBilled
      ? t('team.delete.confirmSeats', { name: team.name, count: team.seats.quantity })
      : t('team.delete.confirm', { name: team.name });
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.manage.title')}
      </h2>
      {team.role === 'member' ? <p className="progress__muted">{t('team.member.view')}</p> : null}
      <div>
        <button type="button" className="button button--danger button--small" onClick={() => setConfirming(true)}>
          {label}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={label}
        text={confirmText}
        confirmLabel={label}
        tone="danger"
        busy={end.isPending}
        error={end.isError ? errorMessage(end.error, t) : null}
        onConfirm={() => end.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/**
 * The caller's team: for owners and managers the figures, invitations (and
 * the pending ones) and links; for everyone their assignments and the
 * leaderboard.
 */
function TeamHome({ team }: { team: Team }) {
  const { t } = useI18n();
  const { session } = useAuth();
  const [range, setRange] = useState<Range>(30);
  const manager = isManager(team.role);
  return (
    <>
      <p className="team__summary">{t('team.summary', { name: team.name, count: team.memberCount, role: roleName(t, team.role) })}</p>
      {manager ? (
        <nav className="team__tabs" aria-label={t('team.sections')}>
          <Link to="/team/assignments" className="button button--secondary button--small">
            {t('team.assignments')}
          </Link>
          <Link to="/team/seats" className="button button--secondary button--small">
            {t('team.seats')}
          </Link>
          {team.role === 'owner' ? (
            <Link to="/team/sso" className="button button--secondary button--small">
              {t('team.sso.title')}
            </Link>
          ) : null}
        </nav>
      ) : null}
      {manager ? (
        <>
          <RangeSwitch range={range} onChange={setRange} />
          <MembersTable range={range} />
          <TeamAggregates range={range} />
          <InviteForm team={team} />
          <PendingInvitations team={team} />
          <JoinLink team={team} />
        </>
      ) : null}
      {/* The caller's own assignments, as on the dashboard ('Aufgaben'; nothing without any). */}
      <AssignmentsPanel userId={session?.user.id ?? ''} />
      <Leaderboard />
      <ManageTeam team={team} />
    </>
  );
}

/** /team, 'Team' (issue 27): the manager view, the leaderboard, or 'Team gründen'. */
export function TeamPage() {
  const { t } = useI18n();
  const { session } = useAuth();
  const me = useQuery({ ...meQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
  const guest = me.data?.user.is_anonymous ?? false;
  const team = useQuery(myTeamQueryOptions());
  useDocumentTitle(t('team.title'));
  return (
    <div className="page progress team">
      <header className="progress__header">
        <h1 className="page__title">{t('team.title')}</h1>
        <p className="page__lead">{t('team.lead')}</p>
      </header>
      {team.isPending ? (
        <p className="progress__loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : team.isError ? (
        <Alert tone="error">
          <p>{t('team.loadFailed')}</p>
          <button type="button" className="link-button" onClick={() => void team.refetch()}>
            {t('common.retry')}
          </button>
        </Alert>
      ) : team.data ? (
        <TeamHome team={team.data} />
      ) : (
        <NoTeam guest={guest} />
      )}
    </div>
  );
}
