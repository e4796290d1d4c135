import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Dialog, DialogLoading } from '../../../components/ui/Dialog';
import { notify } from '../../../components/ui/notices-store';
import { meQueryOptions } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { lazyPart } from '../../../lib/chunks';
import { useI18n } from '../../../lib/i18n';

// The form loads when the dialog opens, not with every signed-in page.
const UpgradeForm = lazyPart(() => import('./UpgradeForm'), 'UpgradeForm');


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
        <Suspense fallback={<DialogLoading />}>
          <UpgradeForm
            onDone={() => {
              setOpen(false);
              setDone(true);
              notify({ tone: 'success', text: t('guest.done') }, 8000);
            }}
          />
        </Suspense>
      </Dialog>
    </section>
  );
}
