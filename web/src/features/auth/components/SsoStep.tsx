import { useRef, useState, type SyntheticEvent } from 'react';
import { TextField } from '../../../components/ui/Field';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { externalTarget } from '../../../lib/external-target';
import { navigation } from '../../../lib/navigation';
import { useSsoStart } from '../api/sso';
import { saveOAuthRemember } from './SocialButtons';

export interface SsoStepProps {
  initialEmail: string;
  /** 'Angemeldet bleiben' as chosen on the sign-in form. */
  remember: boolean;
  onBack: () => void;
}

/**
 * 'Mit Firmenkonto anmelden' (issue 29): the work e-mail picks the team's
 * provider, and the browser goes there. The server's refusals show at the
 * field; the button stays busy until the page has left.
 */
export function SsoStep({ initialEmail, remember, onBack }: SsoStepProps) {
  const { t, lang } = useI18n();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [leaving, setLeaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const start = useSsoStart();

  const fail = (text: string) => {
    setError(text);
    input.current?.focus();
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const value = email.trim();
    // The server checks the address; this only spares it an obviously empty one.
    if (!value.includes('@')) {
      fail(t('signin.sso.emailInvalid'));
      return;
    }
    setError(undefined);
    try {
      const answer = await start.mutateAsync({ email: value, remember, language: lang });
      const target = externalTarget(answer.url);
      if (!target) {
        fail(t('signin.sso.failed'));
        return;
      }
      setLeaving(true);
      saveOAuthRemember(remember);
      navigation.leaveApp(target);
    } catch (err) {
      fail(errorMessage(err, t));
    }
  };

  const busy = start.isPending || leaving;
  return (
    <form className="stack" noValidate onSubmit={(e) => void submit(e)} aria-label={t('signin.sso.button')}>
      <p className="login__text">{t('signin.sso.text')}</p>
      <TextField
        ref={input}
        id="sso-email"
        label={t('signin.sso.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        spellCheck={false}
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={error}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('login.pleaseWait') : t('signin.sso.submit')}
      </button>
      <button type="button" className="link-button login__back" onClick={onBack}>
        {t('forgot.back')}
      </button>
    </form>
  );
}
