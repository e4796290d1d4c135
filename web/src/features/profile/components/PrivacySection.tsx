import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/Field';
import { PasswordField } from '../../../components/ui/PasswordField';
import { notify } from '../../../components/ui/notices-store';
import { ApiError } from '../../../lib/api';
import { useSignOut } from '../../../lib/auth';
import { errorMessage, LOCALES, useI18n } from '../../../lib/i18n';
import { navigation } from '../../../lib/navigation';
import { clearReauthReturn, readReauthReturn } from '../../../lib/profile-dialog';
import { deleteAccount } from '../api/delete-account';
import { reauthStatusQueryKey, reauthStatusQueryOptions, startReauth, type ReauthProvider } from '../api/reauth';
import { downloadMyData, saveDownload } from '../api/export-data';

/** The data export and the account deletion (GDPR art. 15, 17, 20). */
export function PrivacySection({ anonymous }: { anonymous: boolean }) {
  const { t } = useI18n();
  return (
    <fieldset className="profile-form__section">
      <legend className="profile-form__legend">{t('profile.privacy.section')}</legend>
      <DataExport />
      <AccountDeletion anonymous={anonymous} />
    </fieldset>
  );
}

/** "1,2 MB" in the user's language. */
function formatSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

function DataExport() {
  const { t, lang } = useI18n();
  const hintId = useId();
  const [received, setReceived] = useState<number | null>(null);
  const download = useMutation({
    mutationFn: () => {
      setReceived(0);
      return downloadMyData(setReceived);
    },
    onSuccess: (file) => {
      saveDownload(file);
      notify({ tone: 'success', text: t('profile.privacy.export.done') }, 3000);
    },
    onSettled: () => setReceived(null),
  });
  return (
    <div className="privacy-export stack">
      <p id={hintId} className="field__hint">
        {t('profile.privacy.export.hint')}
      </p>
      <div>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-describedby={hintId}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {t('profile.privacy.export')}
        </button>
      </div>
      <p className="field__hint" aria-live="polite">
        {download.isPending && received !== null
          ? t('profile.privacy.export.progress', { size: formatSize(received, LOCALES[lang]) })
          : ''}
      </p>
      {download.isError ? (
        <Alert tone="error">{t('profile.privacy.export.failed', { message: errorMessage(download.error, t) })}</Alert>
      ) : null}
    </div>
  );
}

function AccountDeletion({ anonymous }: { anonymous: boolean }) {
  const { t } = useI18n();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  // Back from confirming with Google/Apple, the dialog opens by itself.
  const [returned, setReturned] = useState(readReauthReturn);
  const [open, setOpen] = useState(returned !== null);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const word = t('profile.privacy.delete.word');
  const status = useQuery({ ...reauthStatusQueryOptions(), enabled: !anonymous });
  // Should the answer fail, the password is asked (the common case); the
  // server holds the same rules either way.
  const method = anonymous ? 'none' : (status.data?.method ?? 'password');
  const verified = method === 'provider' && status.data?.verified === true;
  const withPassword = method === 'password';
  const canConfirm = method !== 'provider' || verified;
  // With two-factor sign-in on, a code of the app or a recovery code too.
  const withCode = method !== 'none' && status.data?.twoFactor === true;
  const remove = useMutation({
    mutationFn: () =>
      deleteAccount({
        confirmation,
        ...(withPassword ? { password } : {}),
        ...(withCode ? { code: code.trim() } : {}),
      }),
    onSuccess: async () => {
      setOpen(false);
      clearReauthReturn();
      notify({ tone: 'success', text: t('profile.privacy.delete.done') }, 5000);
      // The server ended every session; this forgets it here and in every tab.
      await signOut();
    },
    onError: (error) => {
      // An expired or used confirmation: ask for a new one.
      if (error instanceof ApiError && error.code === 'account_delete_reauth_required') {
        void queryClient.invalidateQueries({ queryKey: reauthStatusQueryKey });
      }
    },
  });
  const reauth = useMutation({
    mutationFn: startReauth,
    onSuccess: ({ url }) => navigation.leaveApp(url),
  });
  const fields = remove.error instanceof ApiError ? remove.error.fields : {};
  const fieldText = (name: string): string | undefined => fields[name] || undefined;
  const typedOK = confirmation.trim().toLocaleUpperCase('de-DE') === word;
  const close = () => {
    setOpen(false);
    setPassword('');
    setConfirmation('');
    setCode('');
    clearReauthReturn();
    setReturned(null);
    remove.reset();
    reauth.reset();
  };
  const ready = typedOK && canConfirm && (!withPassword || password !== '') && (!withCode || code.trim() !== '');
  const submit = () => {
    if (ready && !remove.isPending) remove.mutate();
  };
  // Enter in a field submits, as in a form (the dialog sits inside the
  // profile's form, so it cannot have its own).
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    }
  };
  const generalError =
    remove.isError && !fieldText('password') && !fieldText('code') && !fieldText('confirmation')
      ? t('profile.privacy.delete.failed', { message: errorMessage(remove.error, t) })
      : null;
  const providers = status.data?.providers ?? [];

  return (
    <div className="privacy-delete stack">
      <p className="field__hint">{t('profile.privacy.delete.hint')}</p>
      <div>
        <button type="button" className="button button--danger button--small" onClick={() => setOpen(true)}>
          {t('profile.privacy.delete')}
        </button>
      </div>
      {/* The dialog waits for the way to confirm, so that its first field gets the focus. */}
      <Dialog
        open={open && (anonymous || !status.isPending)}
        title={t('profile.privacy.delete.title')}
        onClose={close}
        className="dialog--small"
      >
        <div className="stack">
          <p>{t('profile.privacy.delete.text')}</p>
          {withPassword ? (
            <PasswordField
              id="privacy-delete-password"
              label={t('profile.privacy.delete.password')}
              autoComplete="current-password"
              value={password}
              visible={showPassword}
              onToggleVisible={() => setShowPassword((v) => !v)}
              error={fieldText('password')}
              onChange={(e) => setPassword(e.currentTarget.value)}
              onKeyDown={onEnter}
              data-autofocus=""
            />
          ) : null}
          {withCode && canConfirm ? (
            <TextField
              id="privacy-delete-code"
              label={t('profile.privacy.delete.code')}
              hint={t('profile.privacy.delete.code.hint')}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              value={code}
              error={fieldText('code')}
              onChange={(e) => setCode(e.currentTarget.value)}
              onKeyDown={onEnter}
            />
          ) : null}
          {method === 'provider' && verified ? (
            <p className="field__hint" role="status">
              {t('profile.privacy.delete.reauth.done')}
            </p>
          ) : null}
          {method === 'provider' && !verified ? (
            <ProviderConfirmation
              providers={providers}
              failed={returned === 'failed'}
              pending={reauth.isPending}
              error={reauth.isError ? errorMessage(reauth.error, t) : null}
              onConfirm={(provider) => reauth.mutate(provider)}
            />
          ) : null}
          {canConfirm ? (
            <TextField
              id="privacy-delete-confirmation"
              label={t('profile.privacy.delete.confirm', { word })}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={confirmation}
              error={fieldText('confirmation')}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              onKeyDown={onEnter}
              {...(withPassword ? {} : { 'data-autofocus': '' })}
            />
          ) : null}
          {generalError ? <Alert tone="error">{generalError}</Alert> : null}
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={close}>
              {t('common.cancel')}
            </button>
            {canConfirm ? (
              <button
                type="button"
                className="button button--danger"
                disabled={!ready || remove.isPending}
                onClick={submit}
              >
                {t('profile.privacy.delete.submit')}
              </button>
            ) : null}
          </div>
        </div>
      </Dialog>
    </div>
  );
}

interface ProviderConfirmationProps {
  providers: ReauthProvider[];
  /** The last attempt came back refused. */
  failed: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: (provider: ReauthProvider) => void;
}

/**
 * A user without a password confirms by signing in again at Google or
 * Apple; the browser leaves for the provider and comes back here.
 */
function ProviderConfirmation({ providers, failed, pending, error, onConfirm }: ProviderConfirmationProps) {
  const { t } = useI18n();
  if (providers.length === 0) return <Alert tone="warning">{t('profile.privacy.delete.reauth.none')}</Alert>;
  return (
    <div className="stack">
      <p className="field__hint">{t('profile.privacy.delete.reauth.hint')}</p>
      {failed ? <Alert tone="error">{t('profile.privacy.delete.reauth.failed')}</Alert> : null}
      <div className="privacy-delete__providers">
        {providers.map((provider, i) => (
          <button
            key={provider}
            type="button"
            className="button button--secondary"
            disabled={pending}
            onClick={() => onConfirm(provider)}
            {...(i === 0 ? { 'data-autofocus': '' } : {})}
          >
            {t(provider === 'google' ? 'profile.privacy.delete.reauth.google' : 'profile.privacy.delete.reauth.apple')}
          </button>
        ))}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
