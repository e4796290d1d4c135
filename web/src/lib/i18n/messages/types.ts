/**
 * One UI text: the German source (from the specification, exact) and its
 * English translation beside it. Both are required, so a missing English text
 * fails `tsc`. Placeholders are `{name}`; rich parts are `<tag>…</tag>`.
 */
export interface Entry {
  de: string;
  en: string;
}

export type Catalogue = Record<string, Entry>;
