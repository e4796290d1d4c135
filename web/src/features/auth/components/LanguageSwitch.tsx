import { LANGUAGES, useI18n } from '../../../lib/i18n';

/** The small DE/EN switch of the login page; the choice is kept in localStorage. */
export function LanguageSwitch() {
  const { lang, chooseLanguage, t } = useI18n();
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          className="language-switch__option"
          aria-pressed={lang === l}
          title={t(l === 'de' ? 'language.de' : 'language.en')}
          onClick={() => chooseLanguage(l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
