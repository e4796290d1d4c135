import { serverEnglish } from './messages/server';
import { interpolate, LOCALES, type Language, type Vars } from './i18n';

/**
 * The server's message codes. server-messages.json, the server's catalogue
 * with its German texts, is written by the Go test TestWebHasEveryServerMessage;
 * only its type is used here, since the server sends the German text with
 * every error anyway.
 */
export type ServerCode = keyof typeof import('./server-messages.json');

/** A message as the server sends it: code, German text, placeholders. */
export interface ServerMessage {
  code?: unknown;
  error?: unknown;
  params?: unknown;
}

export function isServerCode(code: unknown): code is ServerCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(serverEnglish, code);
}

/** A placeholder's value in the language: numbers without grouping (20000), nested messages translated. */
function paramText(lang: Language, value: unknown): string {
  if (typeof value === 'number') {
    return new Intl.NumberFormat(LOCALES[lang], { useGrouping: false, maximumFractionDigits: 2 }).format(value);
  }
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
  if (lang === 'de' || !isServerCode(msg.code)) return fallback;
  const vars: Vars = {};
  if (msg.params && typeof msg.params === 'object') {
    for (const [name, value] of Object.entries(msg.params)) vars[name] = paramText(lang, value);
  }
  return interpolate(serverEnglish[msg.code], vars);
}
