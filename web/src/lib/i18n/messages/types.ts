/**
 * One UI text: the German source (from the specification, exact) and its
 * English translation beside it. Both are required, so a missing English text
 * fails `tsc`. Placeholders are `{name}`; rich parts are `<tag>…</tag>`.
 */
export interface Entry {
  de: Text;
  en: Text;
}

/**
 * A text, or a text with plural forms chosen by the `count` placeholder
 * (Intl.PluralRules: German and English have 'one' and 'other').
 */
export type Text = string | Plural;

export interface Plural {
  one: string;
  other: string;
}

export type Catalogue = Record<string, Entry>;
