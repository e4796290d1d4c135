import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { notify } from '../../../components/ui/notices-store';
import { errorMessage, loadMessages, useI18n } from '../../../lib/i18n';
import { hasMessage } from '../../../lib/i18n/catalogues';
import { shareChat, shareQueryOptions, unshareChat } from '../api/share';
import { myTeamQueryOptions } from '../api/team';
import './team.css';

/**
 * 'Mit meinem Team teilen' on one's own chat, shown only to someone in a
 * team: the team's owner and managers may read the chat until the share is
 * revoked ('Teilen beenden').
 */
export function ShareWithTeam({ conversationId }: { conversationId: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const hintId = useId();
  // It comes with the chat's transcript chunk, whose texts are the chat's.
  const [texts, setTexts] = useState(() => hasMessage('team.share'));
  useEffect(() => {
    if (!texts) loadMessages(['team']).then(() => setTexts(true), () => undefined);
  }, [texts]);
  const team = useQuery(myTeamQueryOptions());
  const inTeam = Boolean(team.data);
  const share = useQuery({ ...shareQueryOptions(conversationId), enabled: inTeam });
  const toggle = useMutation({
    mutationFn: (on: boolean) => (on ? shareChat(conversationId) : unshareChat(conversationId)),
    onSuccess: (_, on) => {
      queryClient.setQueryData(shareQueryOptions(conversationId).queryKey, { shared: on, sharedAt: on ? new Date().toISOString() : null });
      notify({ tone: 'success', text: t(on ? 'team.share.done' : 'team.share.revoked') }, 3000);
    },
    onError: (error) => notify({ tone: 'error', text: errorMessage(error, t) }),
  });
  if (!texts || !inTeam || !share.data) return null;
  const shared = share.data.shared;
  return (
    <div className="team-share">
      {shared ? (
        <span className="team-share__state" id={hintId} title={t('team.share.hint')}>
          {t('team.share.shared')}
        </span>
      ) : null}
      <button
        type="button"
        className="button button--secondary button--small"
        aria-describedby={shared ? hintId : undefined}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!shared)}
      >
        {shared ? t('team.share.revoke') : t('team.share')}
      </button>
    </div>
  );
}
