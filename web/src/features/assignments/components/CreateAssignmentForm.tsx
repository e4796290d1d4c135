import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/Field';
import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { errorMessage, useT, type MessageKey } from '../../../lib/i18n';
import {
  createAssignment,
  publicScenariosQueryOptions,
  teamAssignmentsKey,
  teamMembersQueryOptions,
} from '../api/assignments';
import { assignmentSchema, FAMILIES, type AssignmentFormValues } from '../schemas';

const INITIAL: AssignmentFormValues = {
  title: '',
  mode: 'Übung',
  difficulty: '1',
  family: '',
  scenarioId: '',
  productDescription: '',
  dueAt: '',
};

const DIFFICULTIES: { value: '1' | '2' | '3'; label: MessageKey }[] = [
  { value: '1', label: 'dashboard.teamTasks.difficulty.1' },
  { value: '2', label: 'dashboard.teamTasks.difficulty.2' },
  { value: '3', label: 'dashboard.teamTasks.difficulty.3' },
];

/**
 * 'Neue Aufgabe': title, 'Übung' or 'Prüfung', difficulty, an objection
 * family or a scenario, the product description (empty: each member's own),
 * the due date, and the whole team or chosen members.
 */
export function CreateAssignmentForm() {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useZodForm(assignmentSchema, INITIAL, 'assignment-');
  const members = useQuery(teamMembersQueryOptions());
  const scenarios = useQuery(publicScenariosQueryOptions());
  const [wholeTeam, setWholeTeam] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const create = useMutation({ mutationFn: createAssignment });
  const id = useId();
  const error = (name: keyof AssignmentFormValues) => fieldErrorText(t, form.errors[name]);

  const submit = form.handleSubmit(async (body) => {
    setResult(null);
    if (!wholeTeam && chosen.length === 0) {
      setResult({ tone: 'error', text: t('dashboard.teamTasks.error.members') });
      return;
    }
    try {
      await create.mutateAsync(wholeTeam ? body : { ...body, userIds: chosen });
      form.reset();
      setChosen([]);
      setResult({ tone: 'success', text: t('dashboard.teamTasks.created') });
      void queryClient.invalidateQueries({ queryKey: teamAssignmentsKey });
    } catch (err) {
      form.applyServerErrors(err);
      setResult({ tone: 'error', text: errorMessage(err, t) });
    }
  });

  const toggle = (userId: string, on: boolean) =>
    setChosen((list) => (on ? [...list, userId] : list.filter((x) => x !== userId)));

  return (
    <section className="panel assignments__form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        {t('dashboard.teamTasks.new')}
      </h2>
      <form className="stack" noValidate aria-labelledby={`${id}-title`} aria-busy={create.isPending || undefined} onSubmit={submit}>
        <TextField
          id="assignment-title"
          label={t('dashboard.teamTasks.field.title')}
          maxLength={200}
          required
          value={form.values.title}
          error={error('title')}
          onChange={(e) => form.setValue('title', e.currentTarget.value)}
        />
        <fieldset className="assignments__choice">
          <legend className="field__label">{t('dashboard.teamTasks.field.mode')}</legend>
          {(['Übung', 'Prüfung'] as const).map((mode) => (
            <label key={mode} className="assignments__option">
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode}
                checked={form.values.mode === mode}
                onChange={() => form.setValue('mode', mode)}
              />
              {mode === 'Übung' ? t('dashboard.teamTasks.mode.practice') : t('dashboard.teamTasks.mode.exam')}
            </label>
          ))}
        </fieldset>
        <SelectField
          id="assignment-difficulty"
          label={t('dashboard.teamTasks.field.difficulty')}
          hint={form.values.mode === 'Prüfung' ? t('dashboard.teamTasks.examHint') : undefined}
          value={form.values.difficulty}
          onChange={(e) => form.setValue('difficulty', e.currentTarget.value as '1' | '2' | '3')}
        >
          {DIFFICULTIES.map((d) => (
            <option key={d.value} value={d.value}>
              {t(d.label)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="assignment-family"
          label={t('dashboard.teamTasks.field.family')}
          value={form.values.family}
          disabled={form.values.scenarioId !== ''}
          onChange={(e) => form.setValue('family', e.currentTarget.value)}
        >
          <option value="">{t('dashboard.teamTasks.family.any')}</option>
          {FAMILIES.map((f) => (
            <option key={f} value={f}>
              {t(`progress.family.${f}` as MessageKey)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="assignment-scenarioId"
          label={t('dashboard.teamTasks.field.scenario')}
          hint={t('dashboard.teamTasks.scenarioHint')}
          value={form.values.scenarioId}
          error={error('scenarioId')}
          onChange={(e) => form.setValue('scenarioId', e.currentTarget.value)}
        >
          <option value="">{t('dashboard.teamTasks.scenario.none')}</option>
          {(scenarios.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id="assignment-productDescription"
          label={t('dashboard.teamTasks.field.product')}
          hint={t('dashboard.teamTasks.productHint')}
          rows={3}
          value={form.values.productDescription}
          error={error('productDescription')}
          onChange={(e) => form.setValue('productDescription', e.currentTarget.value)}
        />
        <TextField
          id="assignment-dueAt"
          type="datetime-local"
          label={t('dashboard.teamTasks.field.due')}
          required
          value={form.values.dueAt}
          error={error('dueAt')}
          onChange={(e) => form.setValue('dueAt', e.currentTarget.value)}
        />
        <fieldset className="assignments__choice">
          <legend className="field__label">{t('dashboard.teamTasks.field.members')}</legend>
          <label className="assignments__option">
            <input
              type="radio"
              name={`${id}-who`}
              checked={wholeTeam}
              aria-describedby={`${id}-who-hint`}
              onChange={() => setWholeTeam(true)}
            />
            {t('dashboard.teamTasks.members.all')}
          </label>
          <p id={`${id}-who-hint`} className="field__hint">
            {t('dashboard.teamTasks.members.allHint')}
          </p>
          <label className="assignments__option">
            <input type="radio" name={`${id}-who`} checked={!wholeTeam} onChange={() => setWholeTeam(false)} />
            {t('dashboard.teamTasks.members.some')}
          </label>
          {!wholeTeam ? (
            <div className="assignments__members">
              {(members.data ?? []).map((m) => (
                <CheckboxField
                  key={m.userId}
                  id={`${id}-member-${m.userId}`}
                  label={m.displayName || m.email}
                  checked={chosen.includes(m.userId)}
                  onChange={(e) => toggle(m.userId, e.currentTarget.checked)}
                />
              ))}
            </div>
          ) : null}
        </fieldset>
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <div>
          <button type="submit" className="button" disabled={create.isPending}>
            {t('dashboard.teamTasks.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
