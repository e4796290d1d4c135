export { I18nProvider } from './I18nProvider';
export { useI18n, useT, type I18nValue } from './context';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LOCALES,
  isLanguage,
  isMessageKey,
  translate,
  type Language,
  type TFunction,
} from './i18n';
export type { MessageKey } from './messages';
export { loadMessages, registerMessages, type CataloguePart } from './catalogues';
export { errorMessage } from './errors';
export { localized } from './localized';
export { formatDay } from './server';
