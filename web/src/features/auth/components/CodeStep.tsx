import { useState, type SyntheticEvent } from 'react';
import { TextField } from '../../../components/ui/Field';
import { ApiError, type Session } from '../../../lib/api';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { useCodeSignIn } from '../api/totp-sign-in';

export interface CodeStepProps {
  /** The sign-in's challenge; undefined after Google/Apple (the server has it in a cookie). */
  challenge: string | undefined;
  onSignedIn: (session: Session) => void;
  /** The challenge is gone (expired, used up): back to the password. */
  onRestart: (text: string) => void;
  onError: (text: string) => void;
  onSubmitStart: () => void;
  onBack: () => void;
}

/**
 * The second step of a sign-in with two-factor sign-in on: the six digits
 * of the authenticator app, or one of the recovery codes.
 */
export function CodeStep({ challenge, onSignedIn, onRestart, onError, onSubmitStart, onBack }: CodeStepProps) {
  const { t } = useI18n();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const signIn = useCodeSignIn();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (value === '') {
      setFieldError(t('signin.totp.missing'));
      document.getElementById('totp-code')?.focus();
      return;
    }
    setFieldError(undefined);
    onSubmitStart();
    try {
      onSignedIn(await signIn.mutateAsync(challenge ? { challenge, code: value } : { code: value }));
    } catch (err) {
      const text = errorMessage(err, t);
      if (err instanceof ApiError && err.code === 'totp_challenge_invalid') {
        onRestart(text);
        return;
      }
      setCode('');
      onError(text);
      document.getElementById('totp-code')?.focus();
    }
  };

  return (
    <form className="stack" noValidate onSubmit={(e) => void submit(e)} aria-label={t('signin.totp.title')}>
      <p className="login__text">{t(recovery ? 'signin.totp.recoveryText' : 'signin.totp.text')}</p>
      <TextField
        key={recovery ? 'recovery' : 'app'}
        id="totp-code"
        label={t(recovery ? 'signin.totp.recoveryLabel' : 'signin.totp.label')}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        pattern={recovery ? undefined : '[0-9]*'}
        maxLength={recovery ? 32 : 6}
        spellCheck={false}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        error={fieldError}
      />
      <button type="submit" className="button button--primary button--block" disabled={signIn.isPending}>
        {signIn.isPending ? t('login.pleaseWait') : t('signin.totp.submit')}
      </button>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setRecovery((r) => !r);
          setCode('');
          setFieldError(undefined);
        }}
      >
        {t(recovery ? 'signin.totp.useApp' : 'signin.totp.useRecovery')}
      </button>
      <button type="button" className="link-button login__back" onClick={onBack}>
        {t('forgot.back')}
      </button>
    </form>
  );
}
