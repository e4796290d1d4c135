import german from './server-messages.json';
import { serverEnglish } from './messages/server';
import { interpolate, type Language, type Vars } from './i18n';

/**
 * The server's message codes with their German texts. The file is written by
 * the Go test TestWebHasEveryServerMessage from the server's catalogue, so the
 * German here is the server's, word for word.
 */
export const serverGerman: Record<ServerCode, string> = german;
export type ServerCode = keyof typeof german;

/** A message as the server sends it: code, German default text, placeholders. */
export interface ServerMessage {
  code?: unknown;
  error?: unknown;
  params?: unknown;
}

export function isServerCode(code: unknown): code is ServerCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(german, code);
}

/** A placeholder's value in the language: numbers without grouping (20000), nested messages translated. */
function paramText(lang: Language, value: unknown): string {
  if (typeof value === 'number') {
    return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { useGrouping: false, maximumFractionDigits: 2 }).format(value);
  }
  if (value && typeof value === 'object') return 'code' in value ? translateServer(lang, value) : '';
  return typeof value === 'string' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * The text of a server message in lang: the catalogue's text for a known code
 * with its placeholders filled, else the server's own text (a newer server's
 * code, or an error without one). "" when there is neither.
 */
export function translateServer(lang: Language, msg: ServerMessage): string {
  const fallback = typeof msg.error === 'string' ? msg.error : '';
  if (!isServerCode(msg.code)) return fallback;
  const text = lang === 'de' ? serverGerman[msg.code] : serverEnglish[msg.code];
  const vars: Vars = {};
  if (msg.params && typeof msg.params === 'object') {
    for (const [name, value] of Object.entries(msg.params)) vars[name] = paramText(lang, value);
  }
  return interpolate(text, vars);
}
