import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { useUpgradeGuest } from '../api/upgrade';
import { loadUpgradeSchema } from '../lazy-schemas';
import { NewPasswordFields } from './NewPasswordFields';

/** The guest's form for e-mail and password (GuestBanner's dialog; a chunk of its own). */
export function UpgradeForm({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const upgrade = useUpgradeGuest();
  const form = useZodForm(loadUpgradeSchema, { email: '', password: '', confirmPassword: '' }, 'upgrade-');

  const submit = form.handleSubmit(async (request) => {
    setError(null);
    try {
      await upgrade.mutateAsync(request);
      onDone();
    } catch (err) {
      form.applyServerErrors(err);
      setError(errorMessage(err, t));
    }
  });

  return (
    <form className="stack" noValidate onSubmit={submit}>
      <p>{t('guest.dialogText')}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        id="upgrade-email"
        label={t('login.email')}
        type="email"
        autoComplete="email"
        value={form.values.email}
        onChange={(e) => form.setValue('email', e.currentTarget.value)}
        error={fieldErrorText(t, form.errors.email)}
      />
      <NewPasswordFields
        idPrefix="upgrade-"
        passwordLabel={t('login.password')}
        confirmLabel={t('login.confirmPassword')}
        password={form.values.password}
        confirmPassword={form.values.confirmPassword}
        passwordError={fieldErrorText(t, form.errors.password)}
        confirmError={fieldErrorText(t, form.errors.confirmPassword)}
        onPasswordChange={(v) => form.setValue('password', v)}
        onConfirmChange={(v) => form.setValue('confirmPassword', v)}
      />
      <div className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={upgrade.isPending}>
          {upgrade.isPending ? t('login.pleaseWait') : t('guest.submit')}
        </button>
      </div>
    </form>
  );
}
