import type { Language } from './i18n';

/**
 * The text of admin-edited content in the UI's language: the English one in
 * the English UI when an admin wrote one, else the German one.
 */
export function localized(lang: Language, de: string, en: string | undefined): string {
  return lang === 'en' && en?.trim() ? en : de;
}
