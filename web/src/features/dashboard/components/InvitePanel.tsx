import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Avatar } from '../../../components/ui/Avatar';
import { CheckIcon, CopyIcon, LinkIcon } from '../../../components/ui/icons/pages';
import { notify } from '../../../components/ui/notices-store';
import { LOCALES, useI18n } from '../../../lib/i18n';
import { generateReferralCode, referralCodeQueryKey, referralCodeQueryOptions } from '../api/referral-code';
import { referralsQueryOptions } from '../api/referrals';

/** The copy feedback ('Kopiert!') and the toast last 3 s. */
export const COPIED_MS = 3000;

/** The invitation link of a referral code: the site's origin + '/?ref={code}'. */
export function inviteLink(code: string): string {
  return `${window.location.origin}/?ref=${encodeURIComponent(code)}`;
}

/** 'Freunde einladen': generate and copy the link; who registered through it. */
export function InvitePanel() {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  // The existing link shows on load; 'Link generieren' only makes the first.
  const existing = useQuery(referralCodeQueryOptions());
  const code = existing.data?.code ?? '';
  const link = code ? inviteLink(code) : '';
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const referrals = useQuery(referralsQueryOptions());
  const generate = useMutation({
    mutationFn: generateReferralCode,
    onSuccess: (res) => queryClient.setQueryData(referralCodeQueryKey, res),
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      field.current?.select();
      notify({ tone: 'warning', text: t('dashboard.invite.copyFailed') }, COPIED_MS);
      return;
    }
    notify({ tone: 'success', text: t('dashboard.invite.copiedToast') }, COPIED_MS);
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  const dateFormat = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' });
  const formatDate = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
  };

  return (
    <section className="panel dashboard__invite" aria-labelledby="dashboard-invite">
      <h2 id="dashboard-invite" className="panel__title">
        {t('dashboard.invite.title')}
      </h2>
      <p className="panel__text">{t('dashboard.invite.text')}</p>
      {/* While the existing link loads (or after it failed) the button stays: generating answers the same code. */}
      {link ? null : (
        <div>
          <button
            type="button"
            className="button button--primary button--small"
            disabled={generate.isPending || existing.isPending}
            onClick={() => generate.mutate()}
          >
            <LinkIcon width={16} height={16} />
            {t('dashboard.invite.generate')}
          </button>
        </div>
      )}
      {generate.isError ? <Alert tone="error">{t('dashboard.invite.failed')}</Alert> : null}
      {link ? (
        <div className="field">
          <label className="field__label" htmlFor="invite-link">
            {t('dashboard.invite.link')}
          </label>
          <div className="invite__row">
            <input
              ref={field}
              id="invite-link"
              className="field__input"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className={copied ? 'button button--secondary invite__copy invite__copy--done' : 'button button--secondary invite__copy'}
              onClick={() => void copy()}
            >
              {copied ? <CheckIcon width={16} height={16} /> : <CopyIcon width={16} height={16} />}
              {copied ? t('dashboard.invite.copied') : t('dashboard.invite.copy')}
            </button>
          </div>
        </div>
      ) : null}

      <h3 className="panel__subtitle" id="dashboard-registrations">
        {t('dashboard.registrations')}
      </h3>
      {referrals.isError ? (
        <Alert tone="error">{t('dashboard.loadFailed')}</Alert>
      ) : referrals.isPending ? (
        <p className="panel__muted">{t('common.loading')}</p>
      ) : referrals.data.length === 0 ? (
        <p className="panel__muted">{t('dashboard.registrations.empty')}</p>
      ) : (
        // Scrollable (max. 10rem) and focusable, so keyboard users can scroll it too.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <ul className="registrations" aria-labelledby="dashboard-registrations" tabIndex={0}>
          {referrals.data.map((r, i) => (
            <li key={`${r.created_at}-${i}`} className="registrations__item">
              <Avatar name={r.display_name || r.initial || '?'} url={r.avatar_url || undefined} />
              <span className="registrations__name">
                {r.display_name ||
                  (r.initial
                    ? t('dashboard.registrations.initial', { initial: r.initial })
                    : t('dashboard.registrations.unknown'))}
              </span>
              <time className="registrations__date" dateTime={r.created_at}>
                {formatDate(r.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
