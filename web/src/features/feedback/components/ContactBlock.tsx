import { useId } from 'react';
import { MailIcon } from '../../../components/ui/icons/pages';
import { useT } from '../../../lib/i18n';

/** 'Direkter Kontakt': only the e-mail-support label (spec 02 §2). */
export function ContactBlock() {
  const t = useT();
  const headingId = useId();
  return (
    <section className="panel feedback-card" aria-labelledby={headingId}>
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
