import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckboxField } from '../../../components/ui/Field';
import { meQueryKey, meQueryOptions, updateMe } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { teamKey } from '../api/team';

/**
 * 'In der Bestenliste anzeigen' (the profile's leaderboard_visible, PATCH
 * /api/me): off, the user is left out of everyone's leaderboard.
 */
export function LeaderboardSwitch({ id = 'team-leaderboard-visible' }: { id?: string }) {
  const { t } = useI18n();
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  const queryClient = useQueryClient();
  const me = useQuery({ ...meQueryOptions(userId), enabled: Boolean(session) });
  const save = useMutation({
    mutationFn: (visible: boolean) => updateMe({ leaderboard_visible: visible }),
    onSuccess: async (next) => {
      queryClient.setQueryData(meQueryKey(userId), next);
      await queryClient.invalidateQueries({ queryKey: [...teamKey, 'leaderboard'] });
    },
  });
  const visible = save.isPending ? save.variables : (me.data?.profile.leaderboard_visible ?? true);
  return (
    <CheckboxField
      id={id}
      label={t('team.leaderboard.visible')}
      checked={visible}
      disabled={!me.data || save.isPending}
      error={save.isError ? errorMessage(save.error, t) : undefined}
      onChange={(e) => save.mutate(e.currentTarget.checked)}
    />
  );
}
