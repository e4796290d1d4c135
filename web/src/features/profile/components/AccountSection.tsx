import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { notify } from '../../../components/ui/notices-store';
import { conversationsQueryKey, conversationsQueryOptions } from '../../../lib/api';
import { errorMessage, LOCALES, useI18n } from '../../../lib/i18n';
import { clampPercent } from '../../../lib/progress';
import { usageQueryKey } from '../../../lib/realtime/invalidate';
import { deleteHistory } from '../api/delete-history';
import { usageQueryOptions } from '../api/usage';
import { SubscriptionSection } from './SubscriptionSection';

/** The subscription (tier, status, PayPal), the chat usage of the cycle and the history deletion. */
export function AccountSection() {
  const { t } = useI18n();
  return (
    <fieldset className="profile-form__section">
      <legend className="profile-form__legend">{t('profile.section.account')}</legend>
      <SubscriptionSection />
      <UsageBar />
      <HistoryDeletion />
    </fieldset>
  );
}

function UsageBar() {
  const { t, lang } = useI18n();
  const usage = useQuery(usageQueryOptions());
  if (usage.isError) return <p className="field__error">{t('profile.usage.failed')}</p>;
  const used = usage.data?.used ?? 0;
  const quota = usage.data?.quota ?? 0;
  const percent = quota > 0 ? clampPercent((used * 100) / quota) : used > 0 ? 100 : 0;
  const value = t('profile.usage.value', { used, quota });
  const since = usage.data?.cycleStart ? new Date(usage.data.cycleStart) : null;
  return (
    <div className="usage">
      <p className="usage__line">
        <span id="profile-usage-label" className="field__label">
          {t('profile.usage')}
        </span>
        <span className="usage__value">
          {usage.data ? value : '…'}
          {since && !Number.isNaN(since.getTime()) ? (
            <span className="usage__since">
              {' '}
              {t('profile.usage.since', {
                date: since.toLocaleDateString(LOCALES[lang]),
              })}
            </span>
          ) : null}
        </span>
      </p>
      {usage.data?.seat ? <p className="usage__seat">{t('profile.usage.seat')}</p> : null}
      <div
        className="usage__bar"
        role="progressbar"
        aria-labelledby="profile-usage-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={value}
      >
        <svg viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <rect className="usage__track" x="0" y="0" width="100" height="4" rx="2" />
          <rect
            className={percent >= 100 ? 'usage__fill usage__fill--full' : 'usage__fill'}
            x="0"
            y="0"
            width={percent}
            height="4"
            rx="2"
          />
        </svg>
      </div>
    </div>
  );
}

function HistoryDeletion() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const history = useQuery(conversationsQueryOptions());
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: deleteHistory,
    onSuccess: (res) => {
      setConfirming(false);
      notify({ tone: 'success', text: t('profile.history.deleted', { count: res.deleted }) }, 3000);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    },
    onError: () => setConfirming(false),
  });

  return (
    <div className="profile-history">
      <p className="field__label">{t('profile.history')}</p>
      {history.isError ? (
        <p className="field__error">{t('history.loadFailed')}</p>
      ) : history.data ? (
        <p className="field__hint">{t('profile.history.count', { count: history.data.length })}</p>
      ) : null}
      <div>
        <button
          type="button"
          className="button button--secondary button--small profile-history__delete"
          disabled={remove.isPending}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          {t('profile.history.delete')}
        </button>
      </div>
      {remove.isError ? (
        <Alert tone="error">{t('profile.history.failed', { message: errorMessage(remove.error, t) })}</Alert>
      ) : null}
      <Dialog
        open={confirming}
        title={t('profile.history.confirmTitle')}
        onClose={() => setConfirming(false)}
        className="dialog--small"
      >
        <div className="stack">
          <p>{t('profile.history.confirmText')}</p>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              data-autofocus=""
              onClick={() => setConfirming(false)}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t('profile.history.delete')}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
