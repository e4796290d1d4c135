import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type SyntheticEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { CheckboxField } from '../../../components/ui/Field';
import { PasswordField } from '../../../components/ui/PasswordField';
import { ApiError, type Session } from '../../../lib/api';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { needsCode } from '../api/login';
import { ssoLinkQueryOptions, useSsoLink } from '../api/sso';

export interface SsoLinkStepProps {
  /** The callback's one-time token (?sso_link=). */
  token: string;
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
  /** The same as after the password sign-in: a session … */
  onSignedIn: (session: Session, remember: boolean) => void;
  /** … or the two-factor code step. */
  onCodeNeeded: (challenge: string, remember: boolean) => void;
  onSubmitStart: () => void;
  onBack: () => void;
}

/**
 * 'Konto verbinden' (issue 29): the company's provider signed in an e-mail
 * that already has an account outside the team; its password, entered once,
 * links the two. Accounts without a password are told to ask for an invitation.
 */
export function SsoLinkStep({ token, remember, onRememberChange, onSignedIn, onCodeNeeded, onSubmitStart, onBack }: SsoLinkStepProps) {
  const { t } = useI18n();
  const info = useQuery(ssoLinkQueryOptions(token));
  const link = useSsoLink();
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  // The token was used up or expired while the page was open.
  const [gone, setGone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (password === '') {
      setFieldError(t('validation.passwordRequired'));
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    onSubmitStart();
    try {
      const answer = await link.mutateAsync({ token, password, remember });
      if (needsCode(answer)) onCodeNeeded(answer.challenge, remember);
      else onSignedIn(answer, remember);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'sso_link_invalid') {
        setGone(errorMessage(err, t));
        return;
      }
      setPassword('');
      setFieldError(errorMessage(err, t));
      input.current?.focus();
    }
  };

  const back = (
    <button type="button" className="link-button login__back" onClick={onBack}>
      {t('forgot.back')}
    </button>
  );

  if (info.isPending) {
    return (
      <p className="login__text" role="status">
        {t('signin.ssoLink.loading')}
      </p>
    );
  }
  if (info.isError || gone !== null) {
    return (
      <div className="stack">
        <Alert tone="error">{gone ?? errorMessage(info.error, t)}</Alert>
        {back}
      </div>
    );
  }
  const text = t('signin.ssoLink.text', { email: info.data.email, team: info.data.teamName });
  if (!info.data.hasPassword) {
    return (
      <div className="stack">
        <Alert tone="info">{t('signin.ssoLink.noPassword')}</Alert>
        {back}
      </div>
    );
  }
  return (
    <form className="stack" noValidate onSubmit={(e) => void submit(e)} aria-label={t('signin.ssoLink.title')}>
      <p className="login__text">{text}</p>
      <PasswordField
        ref={input}
        id="sso-link-password"
        label={t('login.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={fieldError}
        visible={showPassword}
        onToggleVisible={() => setShowPassword((v) => !v)}
      />
      <CheckboxField
        id="sso-link-remember"
        label={t('signin.remember')}
        checked={remember}
        onChange={(e) => onRememberChange(e.currentTarget.checked)}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={link.isPending}
        aria-busy={link.isPending || undefined}
      >
        {link.isPending ? t('login.pleaseWait') : t('signin.ssoLink.submit')}
      </button>
      {back}
    </form>
  );
}
