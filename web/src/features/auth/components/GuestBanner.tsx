import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/Field';
import { notify } from '../../../components/ui/notices-store';
import { meQueryOptions } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { errorMessage, useI18n } from '../../../lib/i18n';
import { useUpgradeGuest } from '../api/upgrade';
import { loadUpgradeSchema } from '../lazy-schemas';
import { NewPasswordFields } from './NewPasswordFields';

function UpgradeForm({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const upgrade = useUpgradeGuest();
  const form = useZodForm(loadUpgradeSchema, { email: '', password: '', confirmPassword: '' }, 'upgrade-');

  const submit = form.handleSubmit(async (request) => {
    setError(null);
    try {
      await upgrade.mutateAsync(request);
      onDone();
    } catch (err) {
      form.applyServerErrors(err);
      setError(errorMessage(err, t));
    }
  });

  return (
    <form className="stack" noValidate onSubmit={submit}>
      <p>{t('guest.dialogText')}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        id="upgrade-email"
        label={t('login.email')}
        type="email"
        autoComplete="email"
        value={form.values.email}
        onChange={(e) => form.setValue('email', e.currentTarget.value)}
        error={fieldErrorText(t, form.errors.email)}
      />
      <NewPasswordFields
        idPrefix="upgrade-"
        passwordLabel={t('login.password')}
        confirmLabel={t('login.confirmPassword')}
        password={form.values.password}
        confirmPassword={form.values.confirmPassword}
        passwordError={fieldErrorText(t, form.errors.password)}
        confirmError={fieldErrorText(t, form.errors.confirmPassword)}
        onPasswordChange={(v) => form.setValue('password', v)}
        onConfirmChange={(v) => form.setValue('confirmPassword', v)}
      />
      <div className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={upgrade.isPending}>
          {upgrade.isPending ? t('login.pleaseWait') : t('guest.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Du nutzt Sales Coach als Gast.' with a dialog to add e-mail and password
 * (the guest keeps everything once the e-mail is confirmed).
 */
export function GuestBanner() {
  const { t } = useI18n();
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  const me = useQuery({ ...meQueryOptions(userId), enabled: false });
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const isGuest = me.data ? me.data.user.is_anonymous : (session?.user.is_anonymous ?? false);
  if (!session || !isGuest) return null;

  return (
    <section className="guest-banner" aria-label={t('guest.banner')}>
      <p className="guest-banner__text">{done ? t('guest.done') : t('guest.banner')}</p>
      {done ? null : (
        <button type="button" className="button button--small button--primary" onClick={() => setOpen(true)}>
          {t('guest.upgrade')}
        </button>
      )}
      <Dialog open={open} title={t('guest.dialogTitle')} onClose={() => setOpen(false)}>
        <UpgradeForm
          onDone={() => {
            setOpen(false);
            setDone(true);
            notify({ tone: 'success', text: t('guest.done') }, 8000);
          }}
        />
      </Dialog>
    </section>
  );
}
