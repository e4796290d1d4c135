import { useState } from 'react';
import { PasswordField } from '../../../components/ui/PasswordField';
import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { useResetPassword } from '../api/reset';
import { resetSchema } from '../schemas';

export interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  onBack: () => void;
  onError: (text: string) => void;
  onSubmitStart: () => void;
}

/** The new-password form a reset link (?reset=TOKEN) opens. */
export function ResetPasswordForm({ token, onDone, onBack, onError, onSubmitStart }: ResetPasswordFormProps) {
  const { t } = useI18n();
  const [showPassword, setShowPassword] = useState(false);
  const reset = useResetPassword();
  const form = useZodForm(resetSchema, { password: '', confirmPassword: '' }, 'reset-');

  const submit = form.handleSubmit(async ({ password }) => {
    onSubmitStart();
    try {
      await reset.mutateAsync({ token, password });
      onDone();
    } catch (err) {
      form.applyServerErrors(err);
      onError(errorMessage(err, t));
    }
  });

  return (
    <form className="stack" noValidate onSubmit={submit} aria-label={t('reset.title')}>
      <p className="login__text">{t('reset.text')}</p>
      <PasswordField
        id="reset-password"
        label={t('reset.password')}
        autoComplete="new-password"
        value={form.values.password}
        onChange={(e) => form.setValue('password', e.currentTarget.value)}
        error={fieldErrorText(t, form.errors.password)}
        visible={showPassword}
        onToggleVisible={() => setShowPassword((v) => !v)}
      />
      <PasswordField
        id="reset-confirmPassword"
        label={t('reset.confirm')}
        autoComplete="new-password"
        value={form.values.confirmPassword}
        onChange={(e) => form.setValue('confirmPassword', e.currentTarget.value)}
        error={fieldErrorText(t, form.errors.confirmPassword)}
        visible={showPassword}
      />
      <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
        {reset.isPending ? t('login.pleaseWait') : t('reset.submit')}
      </button>
      <button type="button" className="link-button login__back" onClick={onBack}>
        {t('forgot.back')}
      </button>
    </form>
  );
}
