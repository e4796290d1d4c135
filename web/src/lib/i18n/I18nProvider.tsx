import { Fragment, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { catalogueVersion, subscribe } from './catalogues';
import { I18nContext, type I18nValue } from './context';
import { setCurrentLanguage } from './current';
import {
  readStoredLanguage,
  splitRich,
  storeLanguage,
  translate,
  type Language,
  type Vars,
} from './i18n';
import type { MessageKey } from './messages';
import { loadServerEnglish } from './server';

/**
 * Provides the UI language: the signed-in user's language when known,
 * else the choice stored in localStorage, else German.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<Language>(readStoredLanguage);
  const [userLanguage, setUserLanguage] = useState<Language | null>(null);
  const lang = userLanguage ?? stored;
  // Texts arriving later (a part of the catalogue) re-render every text.
  const texts = useSyncExternalStore(subscribe, catalogueVersion);

  useEffect(() => {
    document.documentElement.lang = lang;
    setCurrentLanguage(lang);
    // German error texts come with the server's answers; English ones load now.
    if (lang === 'en') loadServerEnglish().catch(() => undefined);
  }, [lang]);

  const chooseLanguage = useCallback((next: Language) => {
    storeLanguage(next);
    setStored(next);
  }, []);

  const value = useMemo<I18nValue>(() => {
    const t = (key: MessageKey, vars?: Vars) => translate(lang, key, vars);
    const rich = (
      key: MessageKey,
      renderers: Record<string, (text: string) => ReactNode>,
      vars?: Vars,
    ): ReactNode =>
      splitRich(t(key, vars)).map((part, i) => {
        if ('tag' in part) {
          const render = renderers[part.tag];
          return <Fragment key={i}>{render ? render(part.text) : part.text}</Fragment>;
        }
        return <Fragment key={i}>{part.text}</Fragment>;
      });
    return { lang, t, rich, chooseLanguage, setUserLanguage };
    // texts: a new version of the catalogue is a new t
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang, chooseLanguage, texts]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
