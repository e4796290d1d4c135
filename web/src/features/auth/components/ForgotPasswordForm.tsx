import { TextField } from '../../../components/ui/Field';
import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { useRecover } from '../api/recover';
import { loadRecoverSchema } from '../lazy-schemas';

export interface ForgotPasswordFormProps {
  initialEmail: string;
  onSent: () => void;
  onBack: () => void;
  onError: (text: string) => void;
  onSubmitStart: () => void;
}

/** 'Passwort vergessen?': asks for the e-mail and requests a reset link. */
export function ForgotPasswordForm({ initialEmail, onSent, onBack, onError, onSubmitStart }: ForgotPasswordFormProps) {
  const { t } = useI18n();
  const recover = useRecover();
  const form = useZodForm(loadRecoverSchema, { email: initialEmail }, 'forgot-');

  const submit = form.handleSubmit(async (request) => {
    onSubmitStart();
    try {
      await recover.mutateAsync(request);
      onSent();
    } catch (err) {
      form.applyServerErrors(err);
      onError(errorMessage(err, t));
    }
  });

  return (
    <form className="stack" noValidate onSubmit={submit} aria-label={t('forgot.title')}>
      <p className="login__text">{t('forgot.text')}</p>
      <TextField
        id="forgot-email"
        label={t('login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.values.email}
        onChange={(e) => form.setValue('email', e.currentTarget.value)}
        error={fieldErrorText(t, form.errors.email)}
      />
      <button type="submit" className="button button--primary button--block" disabled={recover.isPending}>
        {recover.isPending ? t('login.pleaseWait') : t('forgot.submit')}
      </button>
      <button type="button" className="link-button login__back" onClick={onBack}>
        {t('forgot.back')}
      </button>
    </form>
  );
}
