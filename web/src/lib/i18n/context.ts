import { createContext, useContext, type ReactNode } from 'react';
import type { Language, TFunction, Vars } from './i18n';
import type { MessageKey } from './messages';

export interface I18nValue {
  lang: Language;
  t: TFunction;
  /** Renders a text whose `<tag>…</tag>` parts go through the given renderers. */
  rich: (
    key: MessageKey,
    renderers: Record<string, (text: string) => ReactNode>,
    vars?: Vars,
  ) => ReactNode;
  /** The visitor's own choice (login page switch), stored in localStorage. */
  chooseLanguage: (lang: Language) => void;
  /** The signed-in user's language from /api/me; null when signed out. */
  setUserLanguage: (lang: Language | null) => void;
}

export const I18nContext = createContext<I18nValue | null>(null);

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an I18nProvider');
  return value;
}

/** The translate function of the current language. */
export function useT(): TFunction {
  return useI18n().t;
}
