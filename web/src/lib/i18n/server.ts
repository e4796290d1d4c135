import { interpolate, LOCALES, type Language, type Vars } from './i18n';
import type { ServerCode } from './server-codes';

/** A message as the server sends it: code, German text, placeholders. */
export interface ServerMessage {
  code?: unknown;
  error?: unknown;
  params?: unknown;
}

/**
 * The English texts of the codes, loaded when the UI is in English
 * (loadServerEnglish): most users never need them, so they are not part of
 * the first page's script. Until they arrive, the server's German text shows.
 */
let serverEnglish: Record<ServerCode, string> | null = null;
let loadingEnglish: Promise<void> | null = null;

/** Makes the English texts available (the loader below; tests set them up front). */
export function setServerEnglish(texts: Record<ServerCode, string>): void {
  serverEnglish = texts;
}

export function loadServerEnglish(): Promise<void> {
  loadingEnglish ??= import('./messages/server').then(
    (m) => setServerEnglish(m.serverEnglish),
    (error: unknown) => {
      loadingEnglish = null; // the next switch to English tries again
      throw error;
    },
  );
  return loadingEnglish;
}

export function isServerCode(code: unknown): code is ServerCode {
  return typeof code === 'string' && serverEnglish !== null && Object.prototype.hasOwnProperty.call(serverEnglish, code);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day ("2026-12-01") as prose writes it in lang: "1. Dezember 2026", "1 December 2026". */
export function formatDay(lang: Language, day: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A placeholder's value in the language: numbers without grouping (20000), days in words, nested messages translated. */
function paramText(lang: Language, value: unknown): string {
  if (typeof value === 'number') {
    return new Intl.NumberFormat(LOCALES[lang], { useGrouping: false, maximumFractionDigits: 2 }).format(value);
  }
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDay(lang, value);
  if (value && typeof value === 'object') return 'code' in value ? translateServer(lang, value) : '';
  return typeof value === 'string' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * The text of a server message in lang. German is the server's own text (the
 * specification's wording, its placeholders filled by the server); English
 * is the catalogue's text for the code with the placeholders filled here. A
 * code this client does not know yet shows the server's text. "" when there
 * is none.
 */
export function translateServer(lang: Language, msg: ServerMessage): string {
  const fallback = typeof msg.error === 'string' ? msg.error : '';
  if (lang === 'de' || !serverEnglish || !isServerCode(msg.code)) return fallback;
  const vars: Vars = {};
  if (msg.params && typeof msg.params === 'object') {
    for (const [name, value] of Object.entries(msg.params)) vars[name] = paramText(lang, value);
  }
  return interpolate(serverEnglish[msg.code], vars);
}
