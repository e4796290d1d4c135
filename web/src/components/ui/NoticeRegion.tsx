import { useSyncExternalStore } from 'react';
import { useT } from '../../lib/i18n';
import { dismissNotice, getNoticeHost, getNotices, subscribeNotices } from './notices-store';
import './notices.css';

/**
 * The live region where notices (toasts) appear. Render once near the root
 * (host ''); an open modal Dialog renders its own with its id, and the
 * notices show in the topmost one only (see claimNoticeHost).
 */
export function NoticeRegion({ host = '' }: { host?: string }) {
  const t = useT();
  const all = useSyncExternalStore(subscribeNotices, getNotices, getNotices);
  const current = useSyncExternalStore(subscribeNotices, getNoticeHost, getNoticeHost);
  const notices = current === host ? all : [];
  return (
    <section className="notice-region" aria-label={t('common.notices')}>
      <div role="status" aria-live="polite" className="notice-region__list">
        {notices.map((n) => (
          <div key={n.id} className={`notice notice--${n.tone}`}>
            <div className="notice__body">
              {n.title ? <p className="notice__title">{n.title}</p> : null}
              <p className="notice__text">{n.text}</p>
            </div>
            <button
              type="button"
              className="notice__close"
              aria-label={t('common.dismiss')}
              onClick={() => dismissNotice(n.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
