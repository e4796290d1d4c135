import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { ApiError, type TOTPSetup } from '../../../lib/api';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { confirmTOTP } from '../api/confirm-totp';
import { disableTOTP } from '../api/disable-totp';
import { renewRecoveryCodes } from '../api/renew-recovery-codes';
import { startTOTP } from '../api/start-totp';
import { totpStatusQueryKey, totpStatusQueryOptions } from '../api/totp-status';

export interface TwoFactorSectionProps {
  /** Called when the user has seen their new recovery codes and closes them. */
  onCodesSaved?: () => void;
  /** Called when two-factor sign-in was turned off. */
  onDisabled?: () => void;
}

/**
 * 'Zwei-Faktor-Anmeldung': set up an authenticator app (QR code or the
 * secret typed in, then a first code), the recovery codes shown once (copy,
 * download), new codes and turning it off (password or a code). It sits in
 * the profile form, so it has no form of its own: Enter in its fields runs
 * the field's action.
 */
export function TwoFactorSection({ onCodesSaved, onDisabled }: TwoFactorSectionProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const status = useQuery(totpStatusQueryOptions());
  const [setup, setSetup] = useState<TOTPSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: totpStatusQueryKey });

  const start = useMutation({ mutationFn: startTOTP, onSuccess: setSetup });

  let body;
  if (codes) {
    body = (
      <RecoveryCodeList
        codes={codes}
        onDone={() => {
          setCodes(null);
          onCodesSaved?.();
        }}
      />
    );
  } else if (status.isError) {
    body = <p className="field__error">{errorMessage(status.error, t)}</p>;
  } else if (!status.data) {
    body = <p className="field__hint">…</p>;
  } else if (status.data.enabled) {
    body = (
      <Enabled
        codesLeft={status.data.recoveryCodesLeft}
        onCodes={(next) => {
          setCodes(next);
          refresh();
        }}
        onDisabled={() => {
          refresh();
          onDisabled?.();
        }}
      />
    );
  } else if (setup) {
    body = (
      <Enrolment
        setup={setup}
        onConfirmed={(next) => {
          setSetup(null);
          setCodes(next);
          refresh();
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else {
    body = (
      <div className="stack">
        <p className="field__hint">{t('profile.totp.intro')}</p>
        <div>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={start.isPending}
            onClick={() => start.mutate()}
          >
            {t('profile.totp.enable')}
          </button>
        </div>
        {start.isError ? <Alert tone="error">{errorMessage(start.error, t)}</Alert> : null}
      </div>
    );
  }

  return (
    <fieldset className="profile-form__section two-factor">
      <legend className="profile-form__legend">{t('profile.totp.title')}</legend>
      {status.data?.required && !status.data.enabled ? (
        <Alert tone="warning">{t('profile.totp.required')}</Alert>
      ) : null}
      {body}
    </fieldset>
  );
}

/** Runs action on Enter instead of submitting the surrounding profile form. */
function onEnter(action: () => void) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      action();
    }
  };
}

function Enrolment({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TOTPSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const confirm = useMutation({ mutationFn: confirmTOTP, onSuccess: (res) => onConfirmed(res.recoveryCodes) });
  const submit = () => {
    if (!confirm.isPending) confirm.mutate(code.trim());
  };
  const error = confirm.isError ? errorMessage(confirm.error, t) : undefined;

  return (
    <div className="stack">
      <p className="field__hint">{t('profile.totp.scan')}</p>
      <img className="two-factor__qr" src={setup.qrCode} width={200} height={200} alt={t('profile.totp.qrAlt')} />
      <p className="field__hint">
        {t('profile.totp.manual')}{' '}
        <code className="two-factor__secret" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <TextField
        id="profile-totp-code"
        label={t('profile.totp.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        value={code}
        error={error}
        onChange={(e) => setCode(e.currentTarget.value)}
        onKeyDown={onEnter(submit)}
      />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={confirm.isPending}
          onClick={submit}
        >
          {t('profile.totp.activate')}
        </button>
      </div>
    </div>
  );
}

function Enabled({
  codesLeft,
  onCodes,
  onDisabled,
}: {
  codesLeft: number;
  onCodes: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const { t } = useI18n();
  const [secret, setSecret] = useState('');
  // The answer to the re-authentication: the password, or a code of six digits.
  const body = () => (/^\d{6}$/.test(secret.trim()) ? { code: secret.trim() } : { password: secret });
  const renew = useMutation({ mutationFn: () => renewRecoveryCodes(body()), onSuccess: (res) => onCodes(res.recoveryCodes) });
  const disable = useMutation({ mutationFn: () => disableTOTP(body()), onSuccess: onDisabled });
  const failed = renew.error ?? disable.error;
  const busy = renew.isPending || disable.isPending;
  const fieldError =
    failed instanceof ApiError && Object.keys(failed.fields).length > 0 ? errorMessage(failed, t) : undefined;

  return (
    <div className="stack">
      <p className="two-factor__on">{t('profile.totp.on', { count: codesLeft })}</p>
      <TextField
        id="profile-totp-reauth"
        label={t('profile.totp.reauth')}
        hint={t('profile.totp.reauthHint')}
        type="password"
        autoComplete="current-password"
        value={secret}
        error={fieldError}
        onChange={(e) => setSecret(e.currentTarget.value)}
        onKeyDown={onEnter(() => {
          if (!busy) renew.mutate();
        })}
      />
      {failed && !fieldError ? <Alert tone="error">{errorMessage(failed, t)}</Alert> : null}
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          onClick={() => {
            disable.reset();
            renew.mutate();
          }}
        >
          {t('profile.totp.renew')}
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          disabled={busy}
          onClick={() => {
            renew.reset();
            disable.mutate();
          }}
        >
          {t('profile.totp.disable')}
        </button>
      </div>
    </div>
  );
}

function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n') + '\n';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'sales-coach-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="stack">
      <Alert tone="success" title={t('profile.totp.codesTitle')}>
        {t('profile.totp.codesText')}
      </Alert>
      <ul className="two-factor__codes" aria-label={t('profile.totp.codesTitle')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <p role="status" className="field__hint">
        {copied ? t('profile.totp.copied') : ''}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
          {t('profile.totp.copy')}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={download}>
          {t('profile.totp.download')}
        </button>
        <button type="button" className="button button--primary button--small" onClick={onDone}>
          {t('profile.totp.saved')}
        </button>
      </div>
    </div>
  );
}
