import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/Field';
import { ApiError, meQueryOptions } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage, isMessageKey, localized, useI18n } from '../../../lib/i18n';
import { useHistoryState, useNavigate } from '../../../lib/router';
import {
  createScenario,
  deleteScenario,
  previewScenario,
  scenarioQueryOptions,
  scenariosKey,
  teamRoleQueryOptions,
  tonePresetsQueryOptions,
  updateScenario,
  type Scenario,
  type Scope,
} from '../api/scenarios';
import { FAMILIES, familyKey, SITUATIONS, situationKey } from '../lib/catalogue';
import { downloadScenario } from '../lib/download';
import {
  emptyObjection,
  emptyValues,
  LIMITS,
  parseScenario,
  valuesOf,
  type FieldErrors,
  type ObjectionValues,
  type ScenarioValues,
} from '../lib/schema';
import { StartScenarioDialog, type StartableScenario } from './StartScenarioDialog';
import './scenarios.css';

/** The input id of a field's JSON path ('objections.0.criteria.1' → 'scenario-objections-0-criteria-1'). */
const idOf = (path: string) => `scenario-${path.replace(/\./g, '-')}`;

/** The most characters a field's path takes (for the 'höchstens {max} Zeichen' text). */
function limitFor(path: string): number {
  const last = path.split('.').filter((p) => !/^\d+$/.test(p)).at(-1) ?? '';
  const limits: Record<string, number> = {
    title: LIMITS.title,
    product: LIMITS.product,
    name: LIMITS.name,
    role: LIMITS.role,
    company: LIMITS.company,
    industry: LIMITS.industry,
    wordings: LIMITS.wording,
    concern: LIMITS.concern,
    criteria: LIMITS.criterion,
  };
  return limits[last] ?? 0;
}

/** History state the editor reads: set after a save or an import navigated here. */
interface EditorLocationState {
  saved?: boolean;
  imported?: string;
}

/** A list of one-line texts (wordings, criteria) with add and remove buttons. */
function TextList({
  path,
  legend,
  hint,
  itemLabel,
  addLabel,
  removeLabel,
  items,
  max,
  maxLength,
  errorOf,
  onChange,
}: {
  path: string;
  legend: string;
  hint?: string;
  itemLabel: (n: number) => string;
  addLabel: string;
  removeLabel: (n: number) => string;
  items: string[];
  max: number;
  maxLength: number;
  errorOf: (path: string) => string | undefined;
  onChange: (items: string[]) => void;
}) {
  const listError = errorOf(path);
  const hintId = useId();
  const errorId = useId();
  const added = useRef(false);
  return (
    <fieldset className="scenario-editor__list" aria-describedby={[hint ? hintId : '', listError ? errorId : ''].join(' ').trim() || undefined}>
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {items.map((item, j) => (
        <div key={j} className="scenario-editor__row">
          <TextField
            id={idOf(`${path}.${j}`)}
            label={itemLabel(j + 1)}
            value={item}
            maxLength={maxLength}
            error={errorOf(`${path}.${j}`)}
            ref={(el) => {
              if (el && added.current && j === items.length - 1) {
                added.current = false;
                el.focus();
              }
            }}
            onChange={(event) => onChange(items.map((v, k) => (k === j ? event.target.value : v)))}
          />
          {items.length > 1 ? (
            <button
              type="button"
              className="button button--secondary button--small scenario-editor__remove"
              aria-label={removeLabel(j + 1)}
              onClick={() => onChange(items.filter((_, k) => k !== j))}
            >
              ×
            </button>
          ) : null}
        </div>
      ))}
      {listError ? (
        <p id={errorId} className="field__error">
          {listError}
        </p>
      ) : null}
      {items.length < max ? (
        <button
          type="button"
          className="link-button scenario-editor__add"
          onClick={() => {
            added.current = true;
            onChange([...items, '']);
          }}
        >
          + {addLabel}
        </button>
      ) : null}
    </fieldset>
  );
}

/** One objection: a catalogue family or a custom one, in a fieldset of its own. */
function ObjectionFields({
  index,
  count,
  objection,
  errorOf,
  onChange,
  onRemove,
}: {
  index: number;
  count: number;
  objection: ObjectionValues;
  errorOf: (path: string) => string | undefined;
  onChange: (o: ObjectionValues) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const at = `objections.${index}`;
  const n = index + 1;
  const objectionError = errorOf(at);
  return (
    <fieldset className="panel scenario-editor__objection">
      <legend className="scenario-editor__legend">{t('scenarios.objection', { n })}</legend>
      {objectionError ? <p className="field__error">{objectionError}</p> : null}
      <div className="scenario-editor__kind" role="radiogroup" aria-label={t('scenarios.objection.kind')}>
        {(['custom', 'family'] as const).map((kind) => (
          <label key={kind} className="scenario-editor__option">
            <input
              type="radio"
              name={`${at}.kind`}
              value={kind}
              checked={objection.kind === kind}
              onChange={() => onChange({ ...objection, kind })}
            />
            {t(`scenarios.objection.kind.${kind}`)}
          </label>
        ))}
      </div>
      {objection.kind === 'family' ? (
        <SelectField
          id={idOf(`${at}.family`)}
          label={t('scenarios.field.family')}
          value={objection.family}
          error={errorOf(`${at}.family`)}
          onChange={(event) => onChange({ ...objection, family: event.target.value })}
        >
          <option value="">{t('scenarios.field.familyChoose')}</option>
          {FAMILIES.map((f) => (
            <option key={f} value={f}>
              {t(familyKey(f))}
            </option>
          ))}
        </SelectField>
      ) : (
        <>
          <TextList
            path={`${at}.wordings`}
            legend={t('scenarios.field.wordings')}
            itemLabel={(k) => t('scenarios.field.wording', { n: k })}
            addLabel={t('scenarios.addWording')}
            removeLabel={(k) => t('scenarios.removeWording', { n: k })}
            items={objection.wordings}
            max={LIMITS.wordings}
            maxLength={LIMITS.wording}
            errorOf={errorOf}
            onChange={(wordings) => onChange({ ...objection, wordings })}
          />
          <TextAreaField
            id={idOf(`${at}.concern`)}
            label={t('scenarios.field.concern')}
            hint={t('scenarios.field.concernHint')}
            rows={2}
            maxLength={LIMITS.concern}
            value={objection.concern}
            error={errorOf(`${at}.concern`)}
            onChange={(event) => onChange({ ...objection, concern: event.target.value })}
          />
          <TextList
            path={`${at}.criteria`}
            legend={t('scenarios.field.criteria')}
            hint={t('scenarios.field.criteriaHint')}
            itemLabel={(k) => t('scenarios.field.criterion', { n: k })}
            addLabel={t('scenarios.addCriterion')}
            removeLabel={(k) => t('scenarios.removeCriterion', { n: k })}
            items={objection.criteria}
            max={LIMITS.criteria}
            maxLength={LIMITS.criterion}
            errorOf={errorOf}
            onChange={(criteria) => onChange({ ...objection, criteria })}
          />
        </>
      )}
      {count > 1 ? (
        <div>
          <button type="button" className="button button--secondary button--small" onClick={onRemove}>
            {t('scenarios.removeObjection', { n })}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="panel scenario-editor__section">
      <legend className="scenario-editor__legend">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The form of a new scenario (id null) or of a stored one. */
function EditorForm({ id, scenario }: { id: string | null; scenario: Scenario | null }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const me = useQuery({ ...meQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
  const presets = useQuery(tonePresetsQueryOptions());
  const arrived = useHistoryState<EditorLocationState | null>();
  const [values, setValues] = useState<ScenarioValues>(() => (scenario ? valuesOf(scenario) : emptyValues()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(
    arrived?.imported ? t('scenarios.imported', { title: arrived.imported }) : arrived?.saved ? t('scenarios.saved') : null,
  );
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [starting, setStarting] = useState<StartableScenario | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // After a save or an import brought the user here, the focus goes to what
  // it says (a live region that mounts with its text is not announced).
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (arrived?.saved || arrived?.imported) statusRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  const preview = useMutation({ mutationFn: previewScenario });
  const readOnly = scenario !== null && !scenario.editable;
  // A new scenario is in the UI's language until the user picks one.
  const withLanguage = (v: ScenarioValues): ScenarioValues => (v.language ? v : { ...v, language: lang });
  // The scopes a new scenario may have: a team's for its owner and
  // managers, public for admins (the server checks both again).
  const teamRole = useQuery({ ...teamRoleQueryOptions(), enabled: !id && Boolean(session) });
  const scopes: Scope[] = ['mine'];
  if (teamRole.data === 'owner' || teamRole.data === 'manager') scopes.push('team');
  if (me.data?.user.is_admin) scopes.push('public');

  const errorOf = (path: string): string | undefined => {
    const value = errors[path];
    if (!value) return undefined;
    return isMessageKey(value) ? t(value, { max: limitFor(path) }) : value;
  };

  const change = (next: ScenarioValues) => {
    setValues(next);
    setStatus(null);
    if (submitted) setErrors(parseScenario(withLanguage(next)).errors ?? {});
  };
  const set = <K extends keyof ScenarioValues>(name: K, value: ScenarioValues[K]) => change({ ...values, [name]: value });
  const setPersona = (name: keyof ScenarioValues['persona'], value: string) =>
    change({ ...values, persona: { ...values.persona, [name]: value } });
  const setObjections = (objections: ObjectionValues[]) => change({ ...values, objections });

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    setFormError(t('scenarios.invalid'));
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  /** Validates; the request body, or null after showing the errors. */
  const validated = () => {
    setSubmitted(true);
    const parsed = parseScenario(withLanguage(values));
    if (parsed.errors) {
      showErrors(parsed.errors);
      return null;
    }
    setErrors({});
    setFormError(null);
    return parsed.data;
  };

  const serverFailed = (err: unknown, fallback: string) => {
    if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
      showErrors(err.fields);
      return;
    }
    setFormError(err instanceof ApiError && err.message ? err.message : errorMessage(err, t) || fallback);
  };

  const save = async () => {
    const body = validated();
    if (!body || saving) return;
    setSaving(true);
    setStatus(null);
    try {
      if (id) {
        const saved = await updateScenario(id, body);
        queryClient.setQueryData(scenarioQueryOptions(id).queryKey, saved);
        setStatus(t('scenarios.saved'));
      } else {
        const created = await createScenario(scopes.includes(body.scope) ? body : { ...body, scope: 'mine' });
        navigate(`/scenarios/${encodeURIComponent(created.id)}/edit`, { replace: true, state: { saved: true } });
      }
      void queryClient.invalidateQueries({ queryKey: [...scenariosKey, 'list'] });
    } catch (err) {
      serverFailed(err, t('scenarios.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const showPreview = () => {
    const body = validated();
    if (!body) return;
    preview.mutate(body, { onError: (err) => (err instanceof ApiError && Object.keys(err.fields).length ? showErrors(err.fields) : undefined) });
  };

  const remove = async () => {
    if (!id) return;
    try {
      await deleteScenario(id);
      setConfirmDelete(false);
      queryClient.removeQueries({ queryKey: scenarioQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...scenariosKey, 'list'] });
      navigate('/scenarios');
    } catch (err) {
      setConfirmDelete(false);
      setFormError(err instanceof ApiError && err.message ? err.message : t('scenarios.deleteFailed'));
    }
  };

  const previewError = preview.error
    ? preview.error instanceof ApiError && preview.error.message
      ? preview.error.message
      : t('scenarios.preview.failed')
    : null;

  return (
    <>
      <form
        ref={form}
        className="scenario-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {readOnly ? (
          <Alert tone="info">
            <p>{t('scenarios.editor.readOnly')}</p>
          </Alert>
        ) : null}
        <fieldset className="scenario-editor__all" disabled={readOnly}>
          <Section title={t('scenarios.editor.basics')}>
            <TextField
              id={idOf('title')}
              label={t('scenarios.field.title')}
              value={values.title}
              maxLength={LIMITS.title}
              error={errorOf('title')}
              onChange={(event) => set('title', event.target.value)}
            />
            <div className="scenario-editor__pair">
              <SelectField
                id={idOf('language')}
                label={t('scenarios.field.language')}
                value={values.language || lang}
                error={errorOf('language')}
                onChange={(event) => set('language', event.target.value)}
              >
                <option value="de">{t('scenarios.language.de')}</option>
                <option value="en">{t('scenarios.language.en')}</option>
              </SelectField>
              <SelectField
                id={idOf('situation')}
                label={t('scenarios.field.situation')}
                value={values.situation}
                error={errorOf('situation')}
                onChange={(event) => set('situation', event.target.value)}
              >
                {SITUATIONS.map((s) => (
                  <option key={s} value={s}>
                    {t(situationKey(s))}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextAreaField
              id={idOf('product')}
              label={t('scenarios.field.product')}
              rows={4}
              maxLength={LIMITS.product}
              value={values.product}
              error={errorOf('product')}
              onChange={(event) => set('product', event.target.value)}
            />
            {!id && scopes.length > 1 ? (
              <SelectField
                id={idOf('scope')}
                label={t('scenarios.field.scope')}
                value={values.scope}
                error={errorOf('scope')}
                onChange={(event) => set('scope', event.target.value)}
              >
                {scopes.map((s) => (
                  <option key={s} value={s}>
                    {t(`scenarios.field.scope.${s}`)}
                  </option>
                ))}
              </SelectField>
            ) : null}
          </Section>

          <Section title={t('scenarios.editor.persona')}>
            <div className="scenario-editor__pair">
              <TextField
                id={idOf('persona.name')}
                label={t('scenarios.field.persona.name')}
                value={values.persona.name}
                maxLength={LIMITS.name}
                error={errorOf('persona.name')}
                onChange={(event) => setPersona('name', event.target.value)}
              />
              <TextField
                id={idOf('persona.role')}
                label={t('scenarios.field.persona.role')}
                value={values.persona.role}
                maxLength={LIMITS.role}
                error={errorOf('persona.role')}
                onChange={(event) => setPersona('role', event.target.value)}
              />
            </div>
            <div className="scenario-editor__pair">
              <TextField
                id={idOf('persona.company')}
                label={t('scenarios.field.persona.company')}
                value={values.persona.company}
                maxLength={LIMITS.company}
                error={errorOf('persona.company')}
                onChange={(event) => setPersona('company', event.target.value)}
              />
              <TextField
                id={idOf('persona.industry')}
                label={t('scenarios.field.persona.industry')}
                value={values.persona.industry}
                maxLength={LIMITS.industry}
                error={errorOf('persona.industry')}
                onChange={(event) => setPersona('industry', event.target.value)}
              />
            </div>
            <div className="scenario-editor__pair">
              <SelectField
                id={idOf('persona.buyer')}
                label={t('scenarios.field.persona.buyer')}
                value={values.persona.buyer}
                error={errorOf('persona.buyer')}
                onChange={(event) => setPersona('buyer', event.target.value)}
              >
                <option value="b2b">{t('scenarios.buyer.b2b')}</option>
                <option value="b2c">{t('scenarios.buyer.b2c')}</option>
              </SelectField>
              <SelectField
                id={idOf('persona.formality')}
                label={t('scenarios.field.persona.formality')}
                value={values.persona.formality}
                error={errorOf('persona.formality')}
                onChange={(event) => setPersona('formality', event.target.value)}
              >
                <option value="sie">{t('scenarios.formality.sie')}</option>
                <option value="du">{t('scenarios.formality.du')}</option>
              </SelectField>
            </div>
            <SelectField
              id={idOf('persona.personality')}
              label={t('scenarios.field.persona.personality')}
              value={values.persona.personality}
              error={errorOf('persona.personality')}
              onChange={(event) => setPersona('personality', event.target.value)}
            >
              <option value="">{t('scenarios.field.persona.neutral')}</option>
              {(presets.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {localized(lang, p.name, p.name_en)}
                </option>
              ))}
              {values.persona.personality && presets.data && !presets.data.some((p) => p.id === values.persona.personality) ? (
                <option value={values.persona.personality}>{values.persona.personality}</option>
              ) : null}
            </SelectField>
          </Section>

          <section className="scenario-editor__objections" aria-labelledby={idOf('objections-title')}>
            <h2 id={idOf('objections-title')} className="scenario-editor__heading">
              {t('scenarios.editor.objections')}
            </h2>
            <p className="field__hint">{t('scenarios.editor.objectionsText')}</p>
            {errorOf('objections') ? <p className="field__error">{errorOf('objections')}</p> : null}
            {values.objections.map((o, i) => (
              <ObjectionFields
                key={i}
                index={i}
                count={values.objections.length}
                objection={o}
                errorOf={errorOf}
                onChange={(next) => setObjections(values.objections.map((x, k) => (k === i ? next : x)))}
                onRemove={() => setObjections(values.objections.filter((_, k) => k !== i))}
              />
            ))}
            {values.objections.length < LIMITS.objections ? (
              <button type="button" className="button button--secondary" onClick={() => setObjections([...values.objections, emptyObjection()])}>
                + {t('scenarios.addObjection')}
              </button>
            ) : null}
          </section>
        </fieldset>

        <section className="panel scenario-editor__preview" aria-labelledby={idOf('preview-title')}>
          <h2 id={idOf('preview-title')} className="scenario-editor__heading">
            {t('scenarios.preview.title')}
          </h2>
          <div aria-live="polite" aria-busy={preview.isPending}>
            {preview.isPending ? (
              <p className="scenarios__loading">
                <span className="spinner spinner--small" aria-hidden="true" />
                {t('scenarios.preview.loading')}
              </p>
            ) : preview.data ? (
              <blockquote className="scenario-editor__quote">{preview.data.message}</blockquote>
            ) : null}
            {previewError && !preview.isPending ? <p className="field__error">{previewError}</p> : null}
          </div>
          <div>
            <button type="button" className="button button--secondary" disabled={preview.isPending} onClick={showPreview}>
              {t('scenarios.preview')}
            </button>
          </div>
        </section>

        <div aria-live="polite" className="scenario-editor__status">
          {status ? (
            <p ref={statusRef} className="alert alert--success" tabIndex={-1}>
              {status}
            </p>
          ) : null}
        </div>
        {formError ? (
          <Alert tone="error">
            <p>{formError}</p>
          </Alert>
        ) : null}

        <div className="scenario-editor__actions">
          {!readOnly ? (
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? t('common.saving') : t('common.save')}
            </button>
          ) : null}
          {scenario ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => setStarting({ ...scenario, objectionCount: scenario.objections.length })}
            >
              {t('scenarios.start')}
            </button>
          ) : null}
          {id ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void downloadScenario(id).catch(() => setFormError(t('scenarios.exportFailed')))}
            >
              {t('scenarios.export')}
            </button>
          ) : null}
          {id && !readOnly ? (
            <button type="button" className="button button--danger" onClick={() => setConfirmDelete(true)}>
              {t('scenarios.delete')}
            </button>
          ) : null}
          <Link to="/scenarios" className="button button--secondary">
            {t('scenarios.editor.back')}
          </Link>
        </div>

      </form>
        <Dialog open={confirmDelete} title={t('scenarios.delete.title')} onClose={() => setConfirmDelete(false)}>
          <p>{t('scenarios.delete.text', { title: scenario?.title ?? '' })}</p>
          <div className="scenario-start__actions">
            <button type="button" className="button button--secondary" data-autofocus onClick={() => setConfirmDelete(false)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => void remove()}>
              {t('scenarios.delete.confirm')}
            </button>
          </div>
        </Dialog>
        <StartScenarioDialog scenario={starting} onClose={() => setStarting(null)} />
    </>
  );
}

/** /scenarios/new and /scenarios/:id/edit: the scenario editor (issue 28). */
export function ScenarioEditor({ id }: { id: string | null }) {
  const { t } = useI18n();
  const scenario = useQuery({ ...scenarioQueryOptions(id ?? ''), enabled: id !== null });
  const title = id ? t('scenarios.editor.edit') : t('scenarios.editor.new');
  useDocumentTitle(title);
  return (
    <div className="page scenarios">
      <header className="scenarios__header">
        <div>
          <h1 className="page__title">{title}</h1>
          {scenario.data ? <p className="page__lead">{scenario.data.title}</p> : null}
        </div>
      </header>
      {id === null ? (
        <EditorForm id={null} scenario={null} />
      ) : scenario.isPending ? (
        <p className="scenarios__loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : scenario.isError ? (
        <Alert tone="error">
          <p>
            {scenario.error instanceof ApiError && scenario.error.status === 404 && scenario.error.message
              ? scenario.error.message
              : t('scenarios.loadOneFailed')}
          </p>
          <Link to="/scenarios" className="link-button">
            {t('scenarios.editor.back')}
          </Link>
        </Alert>
      ) : (
        <EditorForm id={id} scenario={scenario.data} />
      )}
    </div>
  );
}
