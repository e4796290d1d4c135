import { readStoredLanguage, type Language } from './i18n';

/**
 * The language of the UI as the I18nProvider last rendered it, for code that
 * runs outside React (the API client translates server errors with it).
 */
let current: Language | null = null;

export function currentLanguage(): Language {
  return current ?? readStoredLanguage();
}

export function setCurrentLanguage(lang: Language): void {
  current = lang;
}
