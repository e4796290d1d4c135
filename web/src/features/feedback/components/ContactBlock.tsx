import { useId } from 'react';
import { useT } from '../../../lib/i18n';

function MailIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
    </svg>
  );
}

/** 'Direkter Kontakt': only the e-mail-support label (spec 02 §2). */
export function ContactBlock() {
  const t = useT();
  const headingId = useId();
  return (
    <section className="feedback-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="feedback-card__title">
        {t('feedback.contact.title')}
      </h2>
      <p className="feedback-contact">
        <span className="feedback-contact__icon">
          <MailIcon />
        </span>
        {t('feedback.contact.email')}
      </p>
    </section>
  );
}
