import { useState } from 'react';
import { CheckboxField, TextField } from '../../../components/ui/Field';
import { PasswordField } from '../../../components/ui/PasswordField';
import { ApiError, type Session } from '../../../lib/api';
import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { needsCode, useLogin } from '../api/login';
import { loadSignInSchema } from '../lazy-schemas';

export interface SignInFormProps {
  initialEmail: string;
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
  onForgot: () => void;
  onSignedIn: (session: Session, remember: boolean) => void;
  /** The password was right and the account has two-factor sign-in: the code step follows. */
  onCodeNeeded: (challenge: string, remember: boolean) => void;
  onError: (text: string) => void;
  /** The password was right, but the account's team signs in through the company (403 sso_required). */
  onSsoRequired?: (email: string) => void;
  onSubmitStart: () => void;
  disabled?: boolean;
}

/** E-mail and password sign-in ('Willkommen zurück'). */
export function SignInForm(props: SignInFormProps) {
  const { t } = useI18n();
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();
  const form = useZodForm(
    loadSignInSchema,
    { email: props.initialEmail, password: '', remember: props.remember },
    'signin-',
  );

  const submit = form.handleSubmit(async (request) => {
    props.onSubmitStart();
    try {
      const answer = await login.mutateAsync(request);
      if (needsCode(answer)) props.onCodeNeeded(answer.challenge, request.remember);
      else props.onSignedIn(answer, request.remember);
    } catch (err) {
      form.applyServerErrors(err);
      props.onError(errorMessage(err, t));
      if (err instanceof ApiError && err.code === 'sso_required') props.onSsoRequired?.(request.email);
    }
  });

  const busy = login.isPending || props.disabled;
  return (
    <form className="stack" noValidate onSubmit={submit} aria-label={t('signin.title.signIn')}>
      <TextField
        id="signin-email"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        value={form.values.email}
        onChange={(e) => form.setValue('email', e.currentTarget.value)}
        error={fieldErrorText(t, form.errors.email)}
      />
      <PasswordField
        id="signin-password"
        label={t('login.password')}
        autoComplete="current-password"
        value={form.values.password}
        onChange={(e) => form.setValue('password', e.currentTarget.value)}
        error={fieldErrorText(t, form.errors.password)}
        visible={showPassword}
        onToggleVisible={() => setShowPassword((v) => !v)}
      />
      <div className="login__row">
        <CheckboxField
          id="signin-remember"
          label={t('signin.remember')}
          checked={form.values.remember}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            form.setValue('remember', checked);
            props.onRememberChange(checked);
          }}
        />
        <button type="button" className="link-button" onClick={props.onForgot}>
          {t('signin.forgot')}
        </button>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {login.isPending ? t('login.pleaseWait') : t('signin.submit.signIn')}
      </button>
    </form>
  );
}
