/**
 * The voice call's machinery, a chunk of its own: loaded when the user starts
 * a call (useVoiceCall), not with the chat screen.
 */
export { VoiceLoop } from './voice-loop';
export { createMeter, createRecorder, openMicrophone, playAudio, recognitionTurns, speakWithBrowser } from './voice-browser';
