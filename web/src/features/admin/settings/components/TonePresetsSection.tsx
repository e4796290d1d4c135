import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { TextAreaField, TextField } from '../../../../components/ui/Field';
import { notify } from '../../../../components/ui/notices-store';
import { ApiError } from '../../../../lib/api';
import { fieldErrorText, useZodForm } from '../../../../lib/forms';
import { errorMessage, useT } from '../../../../lib/i18n';
import { AdminSection, ConfirmDialog, useAdminFormat } from '../../shared';
import {
  adminTonePresetsQueryKey,
  adminTonePresetsQueryOptions,
  createTonePreset,
  deleteTonePreset,
  publicTonePresetsQueryKey,
  updateTonePreset,
  type AdminTonePreset,
  type TonePresetInput,
} from '../api/settings';
import { tonePresetSchema, type TonePresetForm } from '../schemas';

const LIST_ID = 'tone-presets-list';
const EMPTY: TonePresetForm = { name: '', name_en: '', description: '' };

/** Tone presets: list with user counts, add, edit, remove (users fall back to the neutral customer). */
export function TonePresetsSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const query = useQuery(adminTonePresetsQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AdminTonePreset | null>(null);

  /** Puts a changed list into the cache and refreshes the admin list and the users' list. */
  const changed = (update: (list: AdminTonePreset[]) => AdminTonePreset[]) => {
    queryClient.setQueryData<AdminTonePreset[]>(adminTonePresetsQueryKey, (old) => (old ? update(old) : old));
    void queryClient.invalidateQueries({ queryKey: adminTonePresetsQueryKey });
    void queryClient.invalidateQueries({ queryKey: publicTonePresetsQueryKey });
  };

  const remove = useMutation({
    mutationFn: (preset: AdminTonePreset) => deleteTonePreset(preset.id),
    onSuccess: (_res, preset) => {
      changed((list) => list.filter((p) => p.id !== preset.id));
      setRemoving(null);
      notify({ tone: 'success', text: t('adminSettings.tones.removed', { name: preset.name }) });
      // the focused button is gone: the list takes the focus
      document.getElementById(LIST_ID)?.focus();
    },
  });

  const presets = query.data ? [...query.data].sort((a, b) => a.sort_order - b.sort_order) : [];

  return (
    <AdminSection title={t('adminSettings.tones.title')} lead={t('adminSettings.tones.lead')}>
      {query.isPending ? (
        <p className="admin-muted" role="status">
          {t('adminInsights.loading')}
        </p>
      ) : query.isError ? (
        <Alert tone="error">{errorMessage(query.error, t)}</Alert>
      ) : presets.length === 0 ? (
        <p className="admin-muted">{t('adminSettings.tones.empty')}</p>
      ) : (
        <ul id={LIST_ID} className="tone-list" aria-label={t('adminSettings.tones.title')} tabIndex={-1}>
          {presets.map((preset) => (
            <TonePresetItem
              key={preset.id}
              preset={preset}
              editing={editing === preset.id}
              onEdit={() => setEditing(preset.id)}
              onDone={() => setEditing(null)}
              onSaved={(saved) => {
                changed((list) => list.map((p) => (p.id === saved.id ? { ...p, ...saved } : p)));
                setEditing(null);
                notify({ tone: 'success', text: t('adminSettings.tones.saved', { name: saved.name }) });
              }}
              onRemove={() => {
                remove.reset();
                setRemoving(preset);
              }}
            />
          ))}
        </ul>
      )}
      <AddTonePreset
        onAdded={(preset) => {
          changed((list) => [...list, preset]);
          notify({ tone: 'success', text: t('adminSettings.tones.added', { name: preset.name }) });
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('adminSettings.tones.removeTitle')}
        text={removing ? t('adminSettings.tones.removeText', { name: removing.name, count: removing.users }) : ''}
        confirmLabel={t('adminSettings.tones.remove')}
        tone="danger"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
        onCancel={() => setRemoving(null)}
      />
    </AdminSection>
  );
}

interface ItemProps {
  preset: AdminTonePreset;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
  onSaved: (preset: AdminTonePreset) => void;
  onRemove: () => void;
}

function TonePresetItem({ preset, editing, onEdit, onDone, onSaved, onRemove }: ItemProps) {
  const t = useT();
  const format = useAdminFormat();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back from editing, the focus returns to 'Bearbeiten'.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    const initial = { name: preset.name, name_en: preset.name_en, description: preset.description };
    return (
      <li className="tone-item tone-item--editing">
        <TonePresetFormView
          idPrefix={`tone-${preset.id}-`}
          initial={initial}
          label={t('adminSettings.tones.editLabel', { name: preset.name })}
          submitLabel={t('common.save')}
          focusOnMount
          onSubmit={(input) => {
            const patch: Partial<TonePresetInput> = {};
            if (input.name !== preset.name) patch.name = input.name;
            if (input.name_en !== preset.name_en) patch.name_en = input.name_en;
            if (input.description !== preset.description) patch.description = input.description;
            return Object.keys(patch).length > 0 ? updateTonePreset(preset.id, patch) : Promise.resolve(preset);
          }}
          onSaved={onSaved}
          onCancel={onDone}
        />
      </li>
    );
  }

  return (
    <li className="tone-item">
      <div className="tone-item__text">
        <p className="tone-item__name">
          {preset.name}
          {preset.name_en ? (
            <span className="tone-item__english" lang="en">
              {' '}
              / {preset.name_en}
            </span>
          ) : null}
        </p>
        {preset.description ? <p className="tone-item__description">{preset.description}</p> : null}
        <p className="tone-item__users">{t('adminSettings.tones.users', { count: format.number(preset.users) })}</p>
      </div>
      <div className="tone-item__actions">
        <button
          ref={editButton}
          type="button"
          className="button button--secondary button--small"
          aria-label={t('adminSettings.tones.editLabel', { name: preset.name })}
          onClick={onEdit}
        >
          {t('adminSettings.tones.edit')}
        </button>
        <button
          type="button"
          className="button button--secondary button--small tone-item__remove"
          aria-label={t('adminSettings.tones.removeLabel', { name: preset.name })}
          onClick={onRemove}
        >
          {t('adminSettings.tones.remove')}
        </button>
      </div>
    </li>
  );
}

function AddTonePreset({ onAdded }: { onAdded: (preset: AdminTonePreset) => void }) {
  const t = useT();
  const headingId = useId();
  return (
    <div className="tone-add">
      <h3 id={headingId} className="settings-subtitle">
        {t('adminSettings.tones.add')}
      </h3>
      <TonePresetFormView
        idPrefix="tone-new-"
        initial={EMPTY}
        labelledBy={headingId}
        submitLabel={t('adminSettings.tones.addButton')}
        resetOnSave
        onSubmit={createTonePreset}
        onSaved={onAdded}
      />
    </div>
  );
}

interface FormProps {
  idPrefix: string;
  initial: TonePresetForm;
  /** Names the form: a text or the id of a heading. */
  label?: string;
  labelledBy?: string;
  submitLabel: string;
  onSubmit: (input: TonePresetInput) => Promise<AdminTonePreset>;
  onSaved: (preset: AdminTonePreset) => void;
  onCancel?: () => void;
  resetOnSave?: boolean;
  focusOnMount?: boolean;
}

/** Name + description; the server's field errors and its 409 'Diesen Namen gibt es schon.' show at the name. */
function TonePresetFormView({
  idPrefix,
  initial,
  label,
  labelledBy,
  submitLabel,
  onSubmit,
  onSaved,
  onCancel,
  resetOnSave = false,
  focusOnMount = false,
}: FormProps) {
  const t = useT();
  const form = useZodForm(tonePresetSchema, initial, idPrefix);
  const [formError, setFormError] = useState<string | null>(null);
  const nameId = `${idPrefix}name`;

  useEffect(() => {
    if (focusOnMount) document.getElementById(nameId)?.focus();
  }, [focusOnMount, nameId]);

  const save = useMutation({
    mutationFn: onSubmit,
    onSuccess: (preset) => {
      setFormError(null);
      if (resetOnSave) form.reset();
      onSaved(preset);
    },
    onError: (err) => {
      setFormError(null);
      if (err instanceof ApiError && err.status === 409) {
        form.setErrors({ ...err.fields, name: err.fields.name ?? (err.message || t('errors.generic')) });
      } else if (!form.applyServerErrors(err)) {
        setFormError(errorMessage(err, t));
        return;
      }
      const fields = err instanceof ApiError ? err.fields : {};
      const first = (['name', 'name_en', 'description'] as const).find((f) => fields[f]) ?? 'name';
      document.getElementById(`${idPrefix}${first}`)?.focus();
    },
  });

  return (
    <form
      className="tone-form"
      aria-label={label}
      aria-labelledby={labelledBy}
      noValidate
      onSubmit={form.handleSubmit((data) => save.mutate(data))}
    >
      <TextField
        id={nameId}
        label={t('adminSettings.tones.name')}
        value={form.values.name}
        maxLength={60}
        required
        autoComplete="off"
        error={fieldErrorText(t, form.errors.name)}
        onChange={(e) => form.setValue('name', e.currentTarget.value)}
      />
      <TextField
        id={`${idPrefix}name_en`}
        label={t('adminSettings.tones.nameEn')}
        hint={t('adminSettings.tones.nameEnHint')}
        lang="en"
        value={form.values.name_en}
        maxLength={60}
        autoComplete="off"
        error={fieldErrorText(t, form.errors.name_en)}
        onChange={(e) => form.setValue('name_en', e.currentTarget.value)}
      />
      <TextAreaField
        id={`${idPrefix}description`}
        label={t('adminSettings.tones.description')}
        value={form.values.description}
        maxLength={1000}
        rows={3}
        error={fieldErrorText(t, form.errors.description)}
        onChange={(e) => form.setValue('description', e.currentTarget.value)}
      />
      {formError ? (
        <p className="field__error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="tone-form__actions">
        {onCancel ? (
          <button type="button" className="button button--secondary button--small" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
        <button type="submit" className="button button--primary button--small" disabled={save.isPending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
