/**
 * Control characters other than tab and newline, which the server refuses in
 * every text field (C0 and C1 controls, DEL; a carriage return included).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text fit for the API: CRLF and lone CR become LF, form feeds and other
 * control characters (PDF extractions have them) become spaces.
 */
export function plainText(s: string): string {
  return s.replace(/\r\n?/g, '\n').replace(CONTROL, ' ');
}
