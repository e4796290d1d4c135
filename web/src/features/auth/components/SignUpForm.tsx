import { CheckboxField, TextField } from '../../../components/ui/Field';
import { clearReferralCode } from '../../../lib/auth';
import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { useSignup } from '../api/signup';
import { loadSignUpSchema } from '../lazy-schemas';
import { TermsText } from './TermsText';
import { NewPasswordFields } from './NewPasswordFields';

export interface SignUpFormProps {
  refCode: string | undefined;
  onRegistered: (email: string) => void;
  onError: (text: string) => void;
  onSubmitStart: () => void;
}

/** Registration ('Konto erstellen'): all fields start empty, terms unchecked. */
export function SignUpForm({ refCode, onRegistered, onError, onSubmitStart }: SignUpFormProps) {
  const { t, lang } = useI18n();
  const signup = useSignup();
  const form = useZodForm(
    loadSignUpSchema,
    { email: '', password: '', confirmPassword: '', company: '', termsAccepted: false, ref: refCode },
    'signup-',
  );

  const submit = form.handleSubmit(async (request) => {
    onSubmitStart();
    try {
      // The page's language becomes the account's: an English sign-up gets
      // an English customer, hints and scores.
      await signup.mutateAsync({ ...request, language: lang });
      if (request.ref) clearReferralCode();
      onRegistered(request.email);
    } catch (err) {
      form.applyServerErrors(err);
      onError(errorMessage(err, t));
    }
  });

  return (
    <form className="stack" noValidate onSubmit={submit} aria-label={t('signin.title.signUp')}>
      <TextField
        id="signup-email"
        label={t('login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.values.email}
        onChange={(e) => form.setValue('email', e.currentTarget.value)}
        error={fieldErrorText(t, form.errors.email)}
      />
      <NewPasswordFields
        idPrefix="signup-"
        passwordLabel={t('login.password')}
        confirmLabel={t('login.confirmPassword')}
        password={form.values.password}
        confirmPassword={form.values.confirmPassword}
        passwordError={fieldErrorText(t, form.errors.password)}
        confirmError={fieldErrorText(t, form.errors.confirmPassword)}
        onPasswordChange={(v) => form.setValue('password', v)}
        onConfirmChange={(v) => form.setValue('confirmPassword', v)}
      />
      <TextField
        id="signup-company"
        label={t('signin.company')}
        autoComplete="organization"
        value={form.values.company}
        onChange={(e) => form.setValue('company', e.currentTarget.value)}
        error={fieldErrorText(t, form.errors.company)}
      />
      <CheckboxField
        id="signup-termsAccepted"
        label={<TermsText />}
        checked={form.values.termsAccepted}
        onChange={(e) => form.setValue('termsAccepted', e.currentTarget.checked)}
        error={fieldErrorText(t, form.errors.termsAccepted)}
      />
      <button type="submit" className="button button--primary button--block" disabled={signup.isPending}>
        {signup.isPending ? t('login.pleaseWait') : t('signin.submit.signUp')}
      </button>
    </form>
  );
}
