/**
 * What the chat asks before a voice call starts: whether the page may use the
 * microphone, and whether the browser can recognise speech itself. Small, so
 * the chat screen's first script has it; the loop and the browser's audio
 * parts (voice-engine.ts) load when a call starts.
 */

/** Voice mode needs a secure context; localhost counts as one. */
export function voiceAllowed(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext;
}

/** The part of the Web Speech API's SpeechRecognition the fallback uses (not in TypeScript's DOM types). */
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start: () => void;
  stop: () => void;
}
export type RecognitionConstructor = new () => Recognition;

/** The browser's speech recognition (Chromium, Safari: webkit-prefixed), or null where it has none. */
export function browserRecognition(): RecognitionConstructor | null {
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

