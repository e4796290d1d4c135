import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TextField } from '../../../components/ui/Field';
import { notify } from '../../../components/ui/notices-store';
import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { createTeam, teamKey, type Team } from '../api/team';
import { teamNameSchema } from '../lib/schemas';

export interface FoundTeamFormProps {
  /** After the team is founded (the team page shows it; the dashboard and profile link to it). */
  onFounded?: (team: Team) => void;
}

/** 'Team gründen': a name, then POST /api/teams with the caller as owner. */
export function FoundTeamForm({ onFounded }: FoundTeamFormProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const form = useZodForm(teamNameSchema, { name: '' }, 'team-found-');
  const found = useMutation({
    mutationFn: (name: string) => createTeam(name),
    onSuccess: async (team) => {
      notify({ tone: 'success', text: t('team.found.done', { name: team.name }) }, 4000);
      await queryClient.invalidateQueries({ queryKey: teamKey });
      onFounded?.(team);
    },
    onError: (error) => {
      if (!form.applyServerErrors(error)) form.setErrors({ _form: errorMessage(error, t) });
    },
  });
  return (
    <form className="team-form" noValidate onSubmit={form.handleSubmit((data) => found.mutate(data.name))}>
      <TextField
        id="team-found-name"
        label={t('team.found.name')}
        value={form.values.name}
        maxLength={100}
        autoComplete="organization"
        error={fieldErrorText(t, form.errors.name)}
        onChange={(e) => form.setValue('name', e.currentTarget.value)}
      />
      {form.errors._form ? (
        <p className="field__error" role="alert">
          {form.errors._form}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button button--primary" disabled={found.isPending} aria-busy={found.isPending || undefined}>
          {t('team.found.submit')}
        </button>
      </div>
    </form>
  );
}
