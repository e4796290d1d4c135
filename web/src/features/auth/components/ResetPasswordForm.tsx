import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { useResetPassword } from '../api/reset';
import { loadResetSchema } from '../lazy-schemas';
import { NewPasswordFields } from './NewPasswordFields';

export interface ResetPasswordFormProps {
  token: string;
  /** 'invite': the first password of an account an admin created (?invite=TOKEN). */
  variant?: 'reset' | 'invite';
  onDone: () => void;
  onBack: () => void;
  onError: (text: string) => void;
  onSubmitStart: () => void;
}

/**
 * The new-password form a reset link (?reset=TOKEN) opens; an invitation link
 * (?invite=TOKEN) opens it with a welcome line. Both post to POST /api/auth/reset.
 */
export function ResetPasswordForm({
  token,
  variant = 'reset',
  onDone,
  onBack,
  onError,
  onSubmitStart,
}: ResetPasswordFormProps) {
  const invite = variant === 'invite';
  const { t } = useI18n();
  const reset = useResetPassword();
  const form = useZodForm(loadResetSchema, { password: '', confirmPassword: '' }, 'reset-');

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
    <form className="stack" noValidate onSubmit={submit} aria-label={t(invite ? 'invite.title' : 'reset.title')}>
      <p className="login__text">{t(invite ? 'invite.text' : 'reset.text')}</p>
      <NewPasswordFields
        idPrefix="reset-"
        passwordLabel={t(invite ? 'login.password' : 'reset.password')}
        confirmLabel={t(invite ? 'login.confirmPassword' : 'reset.confirm')}
        password={form.values.password}
        confirmPassword={form.values.confirmPassword}
        passwordError={fieldErrorText(t, form.errors.password)}
        confirmError={fieldErrorText(t, form.errors.confirmPassword)}
        onPasswordChange={(v) => form.setValue('password', v)}
        onConfirmChange={(v) => form.setValue('confirmPassword', v)}
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
