import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect, useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { CHALLENGE_ICON_KEYS, challengeIcon } from '../../../../components/ui/challenge-icons';
import { CheckboxField, TextAreaField, TextField } from '../../../../components/ui/Field';
import { ApiError } from '../../../../lib/api';
import { fieldErrorText } from '../../../../lib/forms';
import { errorMessage, useT } from '../../../../lib/i18n';
import { AdminPage, AdminSection, useAdminFormat } from '../../shared';
import {
  adminChallengesQueryKey,
  adminChallengesQueryOptions,
  updateChallenges,
  type AdminChallenge,
  type AdminChallengesResponse,
  type ChallengeUpdate,
  type TopChallenge,
} from '../api/challenges';
import {
  checkDraft,
  DESCRIPTION_MAX,
  DRAFT_FIELDS,
  isChanged,
  serverErrorsByKey,
  TARGET_MAX,
  TITLE_MAX,
  toDraft,
  type ChallengeDraft,
  type DraftErrors,
} from '../lib/drafts';
import './challenges.css';

/** /challenges: the top three, and the nine challenges' name, icon, description and target. */
export function ChallengesAdminPage() {
  const t = useT();
  const query = useQuery(adminChallengesQueryOptions());
  return (
    <AdminPage title={t('admin.challenges')} lead={t('adminChallenges.lead')} className="admin-challenges">
      {query.isPending ? (
        <p className="admin-muted" role="status">
          {t('adminInsights.loading')}
        </p>
      ) : query.isError ? (
        <Alert tone="error">{errorMessage(query.error, t)}</Alert>
      ) : (
        <>
          <TopChallenges top={query.data.top} />
          <ChallengesForm data={query.data} />
        </>
      )}
    </AdminPage>
  );
}

function TopChallenges({ top }: { top: TopChallenge[] }) {
  const t = useT();
  const format = useAdminFormat();
  const any = top.some((c) => c.completions > 0);
  return (
    <AdminSection title={t('adminChallenges.top.title')} lead={t('adminChallenges.completions.hint')}>
      {any ? (
        <ol className="top-challenges">
          {top.map((c) => {
            return (
              <li key={c.key} className="top-challenges__item">
                <span className="top-challenges__icon" aria-hidden="true">
                  <ChallengeIcon iconKey={c.icon} size={22} />
                </span>
                <span className="top-challenges__title">
                  {c.title}
                  <span className="visually-hidden">, </span>
                </span>
                <span className="top-challenges__count">
                  {t('adminChallenges.completions', { count: format.number(c.completions) })}
                </span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="admin-muted">{t('adminChallenges.top.empty')}</p>
      )}
    </AdminSection>
  );
}

/** The inline SVG of an icon key (a star for unknown keys), decorative. */
function ChallengeIcon({ iconKey, size }: { iconKey: string; size: number }) {
  return createElement(challengeIcon(iconKey), { width: size, height: size });
}

const fieldId = (key: string, field: string) => `challenge-${key}-${field}`;

/**
 * The editor of the nine challenges. The drafts start from the loaded data and
 * are replaced only by a save's answer, so a background refetch never
 * overwrites what is being typed; completions always come from the latest data.
 */
function ChallengesForm({ data }: { data: AdminChallengesResponse }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<ChallengeDraft[]>(() => data.challenges.map(toDraft));
  const [drafts, setDrafts] = useState<ChallengeDraft[]>(saved);
  const [errors, setErrors] = useState<Record<string, DraftErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const datalistId = useId();

  const savedByKey = useMemo(() => new Map(saved.map((d) => [d.key, d])), [saved]);
  const live = useMemo(() => new Map(data.challenges.map((c) => [c.key, c])), [data.challenges]);
  const changed = drafts.filter((d) => isChanged(d, savedByKey.get(d.key)));
  const dirty = changed.length > 0;

  // Leaving the page (reload, closing the tab) with unsaved edits asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = useMutation({
    mutationFn: (updates: ChallengeUpdate[]) => updateChallenges(updates),
    onSuccess: (res) => {
      queryClient.setQueryData(adminChallengesQueryKey, res);
      const next = res.challenges.map(toDraft);
      setSaved(next);
      setDrafts(next);
      setErrors({});
      setFormError(null);
      setJustSaved(true);
    },
    onError: (err, sent) => {
      const byKey = err instanceof ApiError ? serverErrorsByKey(err.fields, sent) : {};
      setErrors(byKey);
      setFormError(Object.keys(byKey).length > 0 ? t('adminInsights.invalidFields') : errorMessage(err, t));
      focusFirstError(byKey);
    },
  });

  // The first invalid field gets the focus once its errors are shown and it is enabled again.
  const focusRequest = useRef<string | null>(null);
  useEffect(() => {
    if (!focusRequest.current || save.isPending) return;
    document.getElementById(focusRequest.current)?.focus();
    focusRequest.current = null;
  }, [errors, save.isPending]);

  const focusFirstError = (byKey: Record<string, DraftErrors>) => {
    for (const draft of drafts) {
      const fields = byKey[draft.key];
      const field = fields && DRAFT_FIELDS.find((f) => fields[f]);
      if (field) {
        focusRequest.current = fieldId(draft.key, field);
        return;
      }
    }
  };

  const update = (key: string, patch: Partial<ChallengeDraft>) => {
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)));
    setJustSaved(false);
    // An edited field's error goes; ticking 'staged' also clears the target's.
    const cleared = new Set<string>(Object.keys(patch));
    if ('staged' in patch) cleared.add('target');
    setErrors((all) => {
      const own = all[key];
      if (!own) return all;
      const next: DraftErrors = Object.fromEntries(Object.entries(own).filter(([field]) => !cleared.has(field)));
      return { ...all, [key]: next };
    });
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    const found: Record<string, DraftErrors> = {};
    const updates: ChallengeUpdate[] = [];
    for (const draft of changed) {
      const check = checkDraft(draft);
      if (check.ok) updates.push(check.update);
      else found[draft.key] = check.errors;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(t('adminInsights.invalidFields'));
      focusFirstError(found);
      return;
    }
    setFormError(null);
    save.mutate(updates);
  };

  const discard = () => {
    setDrafts(saved);
    setErrors({});
    setFormError(null);
  };

  const status = dirty ? t('adminChallenges.dirty') : justSaved ? t('adminChallenges.saved') : '';

  return (
    <AdminSection title={t('adminChallenges.edit.title')}>
      <form className="challenges-form" onSubmit={submit} noValidate>
        <datalist id={datalistId}>
          {CHALLENGE_ICON_KEYS.map((key) => (
            <option key={key} value={key} />
          ))}
        </datalist>
        <div className="challenges-form__list">
          {drafts.map((draft) => (
            <ChallengeFields
              key={draft.key}
              busy={save.isPending}
              draft={draft}
              saved={savedByKey.get(draft.key)}
              live={live.get(draft.key)}
              errors={errors[draft.key] ?? {}}
              iconListId={datalistId}
              onChange={(patch) => update(draft.key, patch)}
            />
          ))}
        </div>
        <div className="challenges-form__bar">
          <p className="challenges-form__status" role="status">
            {status}
          </p>
          {formError ? (
            <p className="field__error challenges-form__error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="challenges-form__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                if (dirty && !save.isPending) discard();
              }}
              aria-disabled={!dirty || save.isPending || undefined}
            >
              {t('adminChallenges.discard')}
            </button>
            {/* aria-disabled: the buttons keep the focus after a save or while there is nothing to save */}
            <button
              type="submit"
              className="button button--primary"
              aria-disabled={!dirty || save.isPending || undefined}
              aria-busy={save.isPending || undefined}
            >
              {save.isPending ? (
                <>
                  <span className="spinner spinner--small" aria-hidden="true" />
                  {t('common.saving')}
                </>
              ) : (
                t('adminChallenges.save')
              )}
            </button>
          </div>
        </div>
      </form>
    </AdminSection>
  );
}

interface ChallengeFieldsProps {
  busy: boolean;
  draft: ChallengeDraft;
  saved: ChallengeDraft | undefined;
  live: AdminChallenge | undefined;
  errors: DraftErrors;
  iconListId: string;
  onChange: (patch: Partial<ChallengeDraft>) => void;
}

function ChallengeFields({ busy, draft, saved, live, errors, iconListId, onChange }: ChallengeFieldsProps) {
  const t = useT();
  const format = useAdminFormat();
  const changed = isChanged(draft, saved);
  const id = (field: string) => fieldId(draft.key, field);
  const error = (field: keyof DraftErrors) => fieldErrorText(t, errors[field]);

  return (
    <fieldset className="challenge-editor" data-challenge={draft.key} disabled={busy}>
      <legend className="challenge-editor__legend">
        <ChallengeIcon iconKey={saved?.icon ?? draft.icon} size={18} />
        <span>{saved?.title || draft.key}</span>
      </legend>
      <p className="challenge-editor__meta">
        <span>{t('adminChallenges.completions', { count: format.number(live?.completions ?? 0) })}</span>
        {changed ? <span className="badge badge--warning">{t('adminChallenges.changed')}</span> : null}
      </p>
      <TextField
        id={id('title')}
        label={t('adminChallenges.field.title')}
        value={draft.title}
        maxLength={TITLE_MAX}
        required
        error={error('title')}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
      />
      <div className="challenge-editor__icon-row">
        <TextField
          id={id('icon')}
          className="challenge-editor__icon-field"
          label={t('adminChallenges.field.icon')}
          hint={t('adminChallenges.field.iconHint')}
          value={draft.icon}
          list={iconListId}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={40}
          required
          error={error('icon')}
          onChange={(e) => onChange({ icon: e.currentTarget.value })}
        />
        <span className="challenge-editor__preview" aria-hidden="true">
          <ChallengeIcon iconKey={draft.icon} size={28} />
        </span>
      </div>
      <TextAreaField
        id={id('description')}
        label={t('adminChallenges.field.description')}
        value={draft.description}
        maxLength={DESCRIPTION_MAX}
        rows={2}
        error={error('description')}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
      />
      <TextField
        id={id('titleEn')}
        label={t('adminChallenges.field.titleEn')}
        hint={t('adminChallenges.field.englishHint')}
        lang="en"
        value={draft.titleEn}
        maxLength={TITLE_MAX}
        error={error('titleEn')}
        onChange={(e) => onChange({ titleEn: e.currentTarget.value })}
      />
      <TextAreaField
        id={id('descriptionEn')}
        label={t('adminChallenges.field.descriptionEn')}
        lang="en"
        value={draft.descriptionEn}
        maxLength={DESCRIPTION_MAX}
        rows={2}
        error={error('descriptionEn')}
        onChange={(e) => onChange({ descriptionEn: e.currentTarget.value })}
      />
      <CheckboxField
        id={id('staged')}
        label={t('adminChallenges.field.staged')}
        checked={draft.staged}
        onChange={(e) => onChange({ staged: e.currentTarget.checked })}
      />
      {draft.staged ? null : (
        <TextField
          id={id('target')}
          className="challenge-editor__target"
          label={t('adminChallenges.field.target')}
          type="number"
          inputMode="numeric"
          min={1}
          max={TARGET_MAX}
          step={1}
          required
          value={draft.target}
          error={error('target')}
          onChange={(e) => onChange({ target: e.currentTarget.value })}
        />
      )}
    </fieldset>
  );
}
