import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { NoticeRegion } from '../../../components/ui/NoticeRegion';
import { claimNoticeHost } from '../../../components/ui/notices-store';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/Field';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import { meQueryOptions, type MeResponse } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { lazyPart, withMessages } from '../../../lib/chunks';
import { issuesToFieldErrors, fieldErrorText, type FieldErrors } from '../../../lib/forms';
import { localized, useI18n } from '../../../lib/i18n';
import { tonePresetsQueryOptions } from '../api/tone-presets';
import { useAutosave, valuesFromMe, type ProfileValues } from '../hooks/useAutosave';
import { saveErrorText } from '../lib/save-error';
import { profileSchema } from '../schemas';
import { AccountSection } from './AccountSection';
import { AvatarSection } from './AvatarSection';
import { TwoFactorSection } from './TwoFactorSection';
import { PrivacySection } from './PrivacySection';
import { WebsiteAnalysis } from './WebsiteAnalysis';
import './profile.css';

// The team or 'Team gründen', and 'In der Bestenliste anzeigen' (issue 27): the team feature's, with its texts.
const loadTeamSection = withMessages(() => import('../../team'), ['team']);
const ProfileTeamSection = lazyPart(loadTeamSection, 'ProfileTeamSection');

export interface ProfileDialogProps {
  open: boolean;
  /**
   * Forced mode (a regular user without a product description): the popup
   * cannot be closed (no ×, no close button, Escape does nothing) until a
   * Save with a product description succeeds.
   */
  forced: boolean;
  onClose: () => void;
}

/** The profile popup 'Profil bearbeiten'. */
export default function ProfileDialog({ open, forced, onClose }: ProfileDialogProps) {
  const { t } = useI18n();
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  const me = useQuery({ ...meQueryOptions(userId), enabled: Boolean(session) });
  const hintId = useId();

  return (
    <Dialog
      open={open}
      title={t('profile.title')}
      dismissible={!forced}
      onClose={onClose}
      className="profile-dialog"
      describedBy={forced ? hintId : undefined}
    >
      {me.data ? (
        <ProfileForm me={me.data} userId={userId} forced={forced} hintId={hintId} onDone={onClose} />
      ) : (
        <FullPageSpinner />
      )}
      <DialogNotices />
    </Dialog>
  );
}

/**
 * The notices (toasts) while the profile is open: the modal dialog is in the
 * browser's top layer and makes the page behind it inert, so the app's own
 * region would sit behind it, out of reach and unheard. This region inside
 * the dialog shows them instead while it is mounted (claimNoticeHost).
 */
function DialogNotices() {
  const host = useId();
  useEffect(() => claimNoticeHost(host), [host]);
  return <NoticeRegion host={host} />;
}

interface ProfileFormProps {
  me: MeResponse;
  userId: string;
  forced: boolean;
  hintId: string;
  onDone: () => void;
}

function ProfileForm({ me, userId, forced, hintId, onDone }: ProfileFormProps) {
  const { t, lang, setUserLanguage } = useI18n();
  const [initial] = useState(() => valuesFromMe(me));
  const [values, setValues] = useState<ProfileValues>(initial);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const autosave = useAutosave(userId, initial);
  const presets = useQuery(tonePresetsQueryOptions());
  const product = useRef<HTMLTextAreaElement>(null);

  const change = <K extends keyof ProfileValues>(name: K, value: ProfileValues[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) setErrors((e) => without(e, name));
    if (name === 'language') setUserLanguage((value as ProfileValues['language']) || null);
    autosave.schedule(next);
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const result = profileSchema(forced).safeParse({ ...values, website });
    if (!result.success) {
      const found = issuesToFieldErrors(result.error);
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    const ok = await autosave.saveNow(values);
    setSubmitting(false);
    if (ok) onDone();
  };

  const saveError = autosave.state === 'error' ? saveErrorText(autosave.error, t) : null;
  const status =
    autosave.state === 'pending' || autosave.state === 'saving'
      ? t('common.saving')
      : autosave.state === 'saved'
        ? t('profile.saved')
        : '';
  const presetList = presets.data ?? [];
  const unknownPreset =
    values.tone_preset_id !== '' && !presetList.some((p) => p.id === values.tone_preset_id);

  // In forced mode the product comes first, right under the hint.
  const productSection = (
    <fieldset className="profile-form__section">
      <legend className="profile-form__legend">{t('profile.section.product')}</legend>
      <TextAreaField
        ref={product}
        id="profile-product_description"
        label={t('profile.product')}
        hint={t('profile.product.hint')}
        value={values.product_description}
        rows={5}
        maxLength={20000}
        required={forced}
        aria-required={forced || undefined}
        data-autofocus={forced ? '' : undefined}
        error={fieldErrorText(t, errors.product_description)}
        onChange={(e) => change('product_description', e.currentTarget.value)}
      />
      <WebsiteAnalysis
        value={website}
        error={fieldErrorText(t, errors.website)}
        onChange={(v) => {
          setWebsite(v);
          if (errors.website) setErrors((e) => without(e, 'website'));
        }}
        onSummary={(summary) => {
          change('product_description', summary);
          product.current?.focus();
        }}
      />
    </fieldset>
  );

  return (
    <form className="profile-form" noValidate onSubmit={(e) => void submit(e)}>
      {forced ? (
        <Alert tone="info" className="profile-form__forced">
          <span id={hintId}>{t('profile.forcedHint')}</span>
        </Alert>
      ) : null}
      {forced ? productSection : null}

      <fieldset className="profile-form__section">
        <legend className="profile-form__legend">{t('profile.section.person')}</legend>
        <AvatarSection userId={userId} name={values.display_name || me.user.email} url={me.user.avatar_url} />
        <TextField
          id="profile-display_name"
          label={t('profile.displayName')}
          value={values.display_name}
          autoComplete="nickname"
          maxLength={80}
          error={fieldErrorText(t, errors.display_name)}
          onChange={(e) => change('display_name', e.currentTarget.value)}
        />
        <TextField
          id="profile-role"
          label={t('profile.role')}
          value={values.role}
          placeholder={t('profile.role.placeholder')}
          autoComplete="organization-title"
          maxLength={80}
          error={fieldErrorText(t, errors.role)}
          onChange={(e) => change('role', e.currentTarget.value)}
        />
      </fieldset>

      <fieldset className="profile-form__section">
        <legend className="profile-form__legend">{t('profile.section.training')}</legend>
        <div className="profile-form__row">
          <SelectField
            id="profile-formality"
            label={t('profile.formality')}
            value={values.formality}
            onChange={(e) => change('formality', e.currentTarget.value as ProfileValues['formality'])}
          >
            <option value="">{t('profile.formality.default')}</option>
            <option value="du">{t('profile.formality.du')}</option>
            <option value="sie">{t('profile.formality.sie')}</option>
          </SelectField>
          <SelectField
            id="profile-language"
            label={t('profile.language')}
            value={values.language}
            onChange={(e) => change('language', e.currentTarget.value as ProfileValues['language'])}
          >
            <option value="">{t('profile.language.default')}</option>
            <option value="de">{t('profile.language.de')}</option>
            <option value="en">{t('profile.language.en')}</option>
          </SelectField>
        </div>
        <SelectField
          id="profile-tone_preset_id"
          label={t('profile.tone')}
          value={values.tone_preset_id}
          error={presets.isError ? t('profile.tone.failed') : undefined}
          hint={presetList.find((p) => p.id === values.tone_preset_id)?.description}
          onChange={(e) => change('tone_preset_id', e.currentTarget.value)}
        >
          <option value="">{t('profile.tone.default')}</option>
          {presetList.map((p) => (
            <option key={p.id} value={p.id}>
              {localized(lang, p.name, p.name_en)}
            </option>
          ))}
          {unknownPreset ? <option value={values.tone_preset_id}>{values.tone_preset_id}</option> : null}
        </SelectField>
      </fieldset>


      {forced ? null : productSection}

      {me.user.is_anonymous ? null : (
        <Suspense fallback={null}>
          <ProfileTeamSection />
        </Suspense>
      )}

      <AccountSection />

      {me.user.is_anonymous ? null : <TwoFactorSection />}
      <PrivacySection anonymous={me.user.is_anonymous} />

      {saveError ? <Alert tone="error">{saveError}</Alert> : null}

      <div className="profile-form__footer">
        <p className="profile-form__status" role="status" aria-live="polite">
          {status}
        </p>
        <div className="dialog__actions">
          {forced ? null : (
            <button type="button" className="button button--secondary" onClick={onDone}>
              {t('common.close')}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={submitting}>
            {t('common.save')}
          </button>
        </div>
      </div>
    </form>
  );
}

function without(errors: FieldErrors, key: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));
}
