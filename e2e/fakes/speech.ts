import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { startAnnouncingFake, stopChild } from './process';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The speech provider stand-in `make build` produces (override with SPEECHFAKE_BIN). */
const binary = process.env.SPEECHFAKE_BIN ?? path.resolve(here, '../../bin/speechfake');

/** What fixtures/speech-de.wav says, and so what every transcription answers. */
export const SPEECH_TRANSCRIPT = 'Unser Angebot spart Ihnen Zeit.';

/** The OpenAI voice the server is configured with (TTS_VOICE), so the tests can see it arrive. */
export const SPEECH_VOICE = 'nova';

/** The key the fake demands and the server sends (never a real one). */
const API_KEY = 'sk-e2e-speech';

export interface SpeechFake {
  /** The fake's origin, for GET /fake/requests. */
  origin: string;
  /** The server's STT_* and TTS_* settings that point it at the fake. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * Starts `speechfake` (cmd/speechfake: the OpenAI audio API's
 * transcriptions and speech) on a free port, waits for the line that names
 * its address, and passes its output on to log.
 */
export async function startSpeechFake(log: Writable): Promise<SpeechFake> {
  if (!existsSync(binary)) {
    throw new Error(`speech fake not found at ${binary}: run \`make build\` first (or set SPEECHFAKE_BIN)`);
  }
  const { child, value: baseURL } = await startAnnouncingFake(
    'speech fake',
    binary,
    ['--addr', '127.0.0.1:0', '--transcript', SPEECH_TRANSCRIPT, '--api-key', API_KEY],
    log,
    /base_url=(\S+)/,
  );
  return {
    origin: new URL(baseURL).origin,
    env: {
      STT_PROVIDER: 'openai',
      STT_BASE_URL: baseURL,
      STT_API_KEY: API_KEY,
      STT_MODEL: 'whisper-1',
      TTS_PROVIDER: 'openai',
      TTS_BASE_URL: baseURL,
      TTS_API_KEY: API_KEY,
      TTS_MODEL: 'tts-1',
      TTS_VOICE: SPEECH_VOICE,
    },
    stop: () => stopChild(child),
  };
}
