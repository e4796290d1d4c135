import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../../components/ui/notices-store';
import { loadMessages, useT } from '../../../lib/i18n';
import { loadChunk } from '../../../lib/chunks';
import { finishCall, startCall, synthesize, transcribe, voiceSettingsQuery } from '../api/voice';
import type { VoiceLoop, VoiceLoopDeps, VoiceState } from '../lib/voice-loop';
import { browserRecognition, voiceAllowed } from '../lib/voice-support';
import { CHAT_TOAST_MS } from './useChat';


type VoiceEngine = typeof import('../lib/voice-engine');

/** The loop and the browser's audio parts: a chunk of their own, loaded when a call starts. */
// The engine brings the texts of a call's troubles (catalogue part chatParts).
const loadEngine = () =>
  loadChunk(() => Promise.all([import('../lib/voice-engine'), loadMessages(['chatParts'])]).then(([engine]) => engine));

/** The browser parts of the loop; tests replace them. */
export type VoiceBrowser = Pick<VoiceLoopDeps, 'openMicrophone' | 'createRecorder' | 'createMeter' | 'now' | 'every'> & {
  /** The browser's own speech recognition, used when the server has none. */
  recognition: typeof browserRecognition;
  playAudio: VoiceEngine['playAudio'];
  speakWithBrowser: VoiceEngine['speakWithBrowser'];
  secure: () => boolean;
};

function realBrowser(engine: VoiceEngine): VoiceBrowser {
  const { openMicrophone, createRecorder, createMeter, playAudio, speakWithBrowser } = engine;
  return { recognition: browserRecognition, openMicrophone, createRecorder, createMeter, playAudio, speakWithBrowser, secure: voiceAllowed };
}

export interface VoiceCall {
  state: VoiceState;
  /** The server's voice settings have arrived (start works). */
  ready: boolean;
  /** Why a call cannot start (the toggle's tooltip), or null. */
  blockedBecause: string | null;
  start: () => Promise<void>;
  stop: () => void;
  /** Stops the reply being spoken (the hint button). */
  stopSpeaking: () => void;
  permissionOpen: boolean;
  closePermission: () => void;
  retryPermission: () => void;
}

/**
 * A voice call in the current chat: each transcript goes through reply (the
 * normal chat flow) and the customer's answer is spoken, by the server's
 * voice or, when it offers none, the browser's. A turn counts for the call
 * ('Telefonieren') by its transcription on the server, or, when the
 * browser's own recognition heard it, by the chat message, which reply then
 * gets the call's id for. Leaving the page ends the call and releases the
 * microphone. The loop and the browser's audio parts load when the first
 * call starts; a chunk that fails twice is thrown to the error boundary,
 * which offers a reload.
 */
export function useVoiceCall(
  reply: (text: string, onToken: (piece: string) => void, callId?: string) => Promise<string | null>,
  testBrowser?: VoiceBrowser,
): VoiceCall {
  const t = useT();
  const queryClient = useQueryClient();
  const settings = useQuery(voiceSettingsQuery);
  const [state, setState] = useState<VoiceState>('off');
  const [permissionOpen, setPermissionOpen] = useState(false);
  const loop = useRef<VoiceLoop | null>(null);
  // Bumped by stop(): a start still loading the engine gives up.
  const attempts = useRef(0);
  const [chunkError, setChunkError] = useState<Error | null>(null);
  const call = useRef<string | null>(null);
  const replyRef = useRef(reply);
  useEffect(() => {
    replyRef.current = reply;
  }, [reply]);

  const endCall = useCallback(() => {
    const id = call.current;
    call.current = null;
    if (id) {
      finishCall(id)
        .then((res) => {
          if (res.counted) void queryClient.invalidateQueries({ queryKey: ['me'] });
        })
        .catch((err: unknown) => console.warn('voice call not finished', err));
    }
  }, [queryClient]);

  const stop = useCallback(() => {
    attempts.current++;
    const current = loop.current;
    loop.current = null;
    current?.stop();
    endCall();
  }, [endCall]);

  useEffect(() => stop, [stop]);

  const s = settings.data;
  // Without server recognition the browser's own listens, where it has one.
  const ownRecognition = s?.stt.provider === 'none' ? (testBrowser?.recognition ?? browserRecognition)() : null;
  const blockedBecause = !(testBrowser?.secure ?? voiceAllowed)()
    ? t('chat.voice.insecure')
    : s && s.stt.provider === 'none' && !ownRecognition
      ? t('chat.voice.noStt')
      : null;

  const start = useCallback(async () => {
    if (loop.current || !s || blockedBecause) return;
    const attempt = ++attempts.current;
    let engine: VoiceEngine;
    try {
      engine = await loadEngine();
    } catch (err) {
      setChunkError(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    // stopped, unmounted or started again meanwhile
    if (attempt !== attempts.current) return;
    const browser = testBrowser ?? realBrowser(engine);
    const own = ownRecognition ? engine.recognitionTurns(ownRecognition, s.tts.languageCode) : null;
    const voice = new engine.VoiceLoop({
      openMicrophone: browser.openMicrophone,
      createRecorder: own ? own.createRecorder : browser.createRecorder,
      createMeter: browser.createMeter,
      ...(browser.now ? { now: browser.now } : {}),
      ...(browser.every ? { every: browser.every } : {}),
      transcribe: own ? own.transcribe : (audio) => transcribe(audio, call.current ?? undefined),
      // The server saw no transcription of a turn the browser heard: the message carries the call.
      reply: (text, onToken) => replyRef.current(text, onToken, own ? (call.current ?? undefined) : undefined),
      prepare: (text, signal) => {
        if (s.tts.provider === 'none') {
          return Promise.resolve(() => browser.speakWithBrowser(text, s.tts.languageCode, signal));
        }
        // The synthesis starts now, while earlier sentences still play.
        return synthesize(text, signal).then(
          (audio) => () => browser.playAudio(audio, signal),
          (err: unknown) => {
            console.warn('speech failed', err); // spec: logged; speaking stops
            throw err;
          },
        );
      },
      onState: setState,
      onMicrophoneProblem: (problem) => {
        if (problem === 'permission') setPermissionOpen(true);
        else notify({ tone: 'error', text: t(engine.PROBLEM_TEXT[problem]) }, CHAT_TOAST_MS);
      },
      onTranscriptionFailed: () => notify({ tone: 'error', text: t(engine.TRANSCRIPTION_FAILED) }, CHAT_TOAST_MS),
    });
    loop.current = voice;
    try {
      call.current = (await startCall()).id;
    } catch (err) {
      console.warn('voice call not started', err); // the call still works; it just does not count
    }
    if (loop.current !== voice) return; // stopped meanwhile
    if (!(await voice.start())) {
      if (loop.current === voice) loop.current = null;
      endCall();
    }
  }, [s, blockedBecause, ownRecognition, testBrowser, t, endCall]);

  if (chunkError) throw chunkError;
  return {
    state,
    ready: settings.isSuccess,
    blockedBecause,
    start,
    stop,
    stopSpeaking: () => loop.current?.stopSpeaking(),
    permissionOpen,
    closePermission: () => setPermissionOpen(false),
    retryPermission: () => {
      setPermissionOpen(false);
      void start();
    },
  };
}
