import { useI18n } from '../../../lib/i18n';

function NewTabLink({ href, children }: { href: string; children: string }) {
  const { t } = useI18n();
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {t('common.newTab')}</span>
    </a>
  );
}

/** The terms text with its links to the terms (/legal#agb) and privacy policy (/legal/privacy). */
export function TermsText() {
  const { rich } = useI18n();
  return (
    <>
      {rich('login.terms', {
        agb: (text) => <NewTabLink href="/legal#agb">{text}</NewTabLink>,
        privacy: (text) => <NewTabLink href="/legal/privacy">{text}</NewTabLink>,
      })}
    </>
  );
}
