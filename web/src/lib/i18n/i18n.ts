import { hasMessage, lookup } from './catalogues';
import type { MessageKey } from './messages';
import type { Text } from './messages/types';

export type Language = 'de' | 'en';
export const LANGUAGES: readonly Language[] = ['de', 'en'];
export const DEFAULT_LANGUAGE: Language = 'de';
export const LANGUAGE_STORAGE_KEY = 'sc.lang';

export type Vars = Record<string, string | number>;
export type TFunction = (key: MessageKey, vars?: Vars) => string;

/** The locale of dates and numbers in each UI language. */
export const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };

export function isLanguage(value: unknown): value is Language {
  return value === 'de' || value === 'en';
}

export function isMessageKey(value: string): value is MessageKey {
  return hasMessage(value);
}

/** Replaces `{name}` placeholders. */
export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  );
}

const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};

/** The form of text for vars.count: 'one' or 'other' by the language's plural rules. */
export function pluralForm(lang: Language, text: Text, vars?: Vars): string {
  if (typeof text === 'string') return text;
  const rules = (pluralRules[lang] ??= new Intl.PluralRules(lang));
  const count = Number(vars?.count ?? 0);
  return rules.select(count) === 'one' ? text.one : text.other;
}

export function translate(lang: Language, key: MessageKey, vars?: Vars): string {
  const entry = lookup(key);
  // A screen renders once its parts are loaded (lazyChunk); should one be
  // missing, it is loading now and the text follows when it arrives.
  if (!entry) return '';
  return interpolate(pluralForm(lang, entry[lang], vars), vars);
}

/**
 * The UI language of the browser's preferred languages (navigator.languages,
 * best first): the first one that is German or English, in any region
 * ('en-US' is English); German when none is.
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

function preferredLanguages(): readonly string[] {
  try {
    const nav = window.navigator;
    if (nav.languages.length > 0) return nav.languages;
    return nav.language ? [nav.language] : [];
  } catch {
    return [];
  }
}

/**
 * The visitor's language before sign-in: their own choice (the login page's
 * switch, kept in localStorage) or, on a first visit without one, the
 * browser's language.
 */
export function readStoredLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(value)) return value;
  } catch {
    // storage disabled: no stored choice
  }
  return browserLanguage(preferredLanguages());
}

export function storeLanguage(lang: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage disabled: the choice lasts for this page
  }
}

/** A piece of a text with `<tag>…</tag>` parts, split for rich rendering. */
export type RichPart = { text: string } | { tag: string; text: string };

/** Splits "a <b>c</b> d" into [{text:'a '}, {tag:'b', text:'c'}, {text:' d'}]. */
export function splitRich(text: string): RichPart[] {
  const parts: RichPart[] = [];
  const re = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ tag: m[1] ?? '', text: m[2] ?? '' });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The placeholders and tags of a text, for the parity check. */
export function tokensOf(text: string): string[] {
  const tokens = [...text.matchAll(/\{(\w+)\}|<(\/?\w+)>/g)].map((m) => m[0]);
  return tokens.sort();
}
