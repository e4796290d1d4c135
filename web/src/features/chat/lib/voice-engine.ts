/**
 * The voice call's machinery, a chunk of its own: loaded when the user starts
 * a call (useVoiceCall), not with the chat screen.
 */
export { VoiceLoop } from './voice-loop';
export { createMeter, createRecorder, openMicrophone, playAudio, recognitionTurns, speakWithBrowser } from './voice-browser';

// The texts of a call's troubles are in the chat's later catalogue part,
// which loads with this engine (useVoiceCall).
export const PROBLEM_TEXT = {
  unsupported: 'chat.voice.unsupported',
  notFound: 'chat.voice.notFound',
  failed: 'chat.voice.failed',
} as const;
export const TRANSCRIPTION_FAILED = 'chat.voice.sttFailed';
