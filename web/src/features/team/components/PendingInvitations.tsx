import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { notify } from '../../../components/ui/notices-store';
import { ApiError } from '../../../lib/api';
import { errorMessage, LOCALES, useI18n } from '../../../lib/i18n';
import {
  invitationsKey,
  invitationsQueryOptions,
  resendInvitation,
  withdrawInvitation,
  type Invitation,
  type InvitationList,
} from '../api/invitations';
import type { Team } from '../api/team';
import { roleName } from '../lib/roles';

/** Whether the caller may resend or withdraw it: the owner any, a manager the member invitations. */
const mayManage = (team: Team, invitation: Invitation) => team.role === 'owner' || invitation.role === 'member';

/** One pending invitation: address, role, expiry; 'Erneut senden' and 'Zurückziehen'. */
function InvitationRow({ team, invitation, onWithdraw }: { team: Team; invitation: Invitation; onWithdraw: () => void }) {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  const emailId = useId();
  const resend = useMutation({
    mutationFn: () => resendInvitation(invitation.id),
    onSuccess: (sent) => {
      queryClient.setQueryData<InvitationList>(invitationsKey, (list) =>
        list ? { items: list.items.map((i) => (i.id === invitation.id ? { ...i, ...sent } : i)) } : list,
      );
      notify({ tone: 'success', text: t('team.invites.resent', { email: sent.email }) }, 4000);
    },
    onError: async (error) => {
      if (!(error instanceof ApiError && error.status === 404)) return;
      // Used or withdrawn meanwhile: the row goes with the refresh, the notice says why.
      notify({ tone: 'error', text: errorMessage(error, t) }, 6000);
      await queryClient.invalidateQueries({ queryKey: invitationsKey });
    },
  });
  const expires = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' }).format(new Date(invitation.expiresAt));
  return (
    <li className="team-invite">
      <div className="team-invite__facts">
        <p id={emailId} className="team-invite__email">
          {invitation.email}
        </p>
        <p className="team__muted">
          {roleName(t, invitation.role)} · {t('team.invites.expires', { date: expires })}
        </p>
      </div>
      {mayManage(team, invitation) ? (
        <div className="team__actions team-invite__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-describedby={emailId}
            aria-disabled={resend.isPending || undefined}
            aria-busy={resend.isPending || undefined}
            onClick={() => {
              if (!resend.isPending) resend.mutate();
            }}
          >
            {t('team.invites.resend')}
          </button>
          <button type="button" className="button button--danger button--small" aria-describedby={emailId} onClick={onWithdraw}>
            {t('team.invites.withdraw')}
          </button>
        </div>
      ) : null}
      {resend.isError && !(resend.error instanceof ApiError && resend.error.status === 404) ? (
        <div className="team-invite__error">
          <Alert tone="error">{errorMessage(resend.error, t)}</Alert>
        </div>
      ) : null}
    </li>
  );
}

/**
 * 'Offene Einladungen' (issue 38) for the owner and managers: each pending
 * invitation with its address, role and expiry; send it again (a new link,
 * valid 7 days) or withdraw it after asking. Withdrawn, the focus goes to
 * the heading, since the row and its button are gone.
 */
export function PendingInvitations({ team }: { team: Team }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const invitations = useQuery(invitationsQueryOptions());
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  // Counts withdrawals: after each, once the dialog has closed (and the
  // browser has put the focus back where it was: on the row's button, gone
  // now), the heading takes the focus. The dialog's own effect runs first.
  const [withdrawals, setWithdrawals] = useState(0);
  useEffect(() => {
    if (withdrawals > 0) heading.current?.focus();
  }, [withdrawals]);
  const withdraw = useMutation({
    mutationFn: (invitation: Invitation) => withdrawInvitation(invitation.id),
    onSuccess: async (_, invitation) => {
      queryClient.setQueryData<InvitationList>(invitationsKey, (list) =>
        list ? { items: list.items.filter((i) => i.id !== invitation.id) } : list,
      );
      setWithdrawing(null);
      setWithdrawals((n) => n + 1);
      notify({ tone: 'success', text: t('team.invites.withdrawn', { email: invitation.email }) }, 4000);
      await queryClient.invalidateQueries({ queryKey: invitationsKey });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
  const items = invitations.data?.items;
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 ref={heading} id={headingId} className="progress__heading team-invites__heading" tabIndex={-1}>
        {t('team.invites.title')}
      </h2>
      {invitations.isError ? (
        <Alert tone="error">
          <p>{errorMessage(invitations.error, t)}</p>
          <button type="button" className="link-button" onClick={() => void invitations.refetch()}>
            {t('common.retry')}
          </button>
        </Alert>
      ) : !items ? (
        <p role="status">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="progress__muted">{t('team.invites.empty')}</p>
      ) : (
        <ul className="team-invites" aria-labelledby={headingId}>
          {items.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              team={team}
              invitation={invitation}
              onWithdraw={() => {
                withdraw.reset();
                setWithdrawing(invitation);
              }}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('team.invites.withdrawTitle')}
        text={t('team.invites.withdrawConfirm', { email: withdrawing?.email ?? '' })}
        confirmLabel={t('team.invites.withdraw')}
        tone="danger"
        busy={withdraw.isPending}
        error={withdraw.isError ? errorMessage(withdraw.error, t) : null}
        onConfirm={() => {
          if (withdrawing) withdraw.mutate(withdrawing);
        }}
        onCancel={() => setWithdrawing(null)}
      />
    </section>
  );
}
