/**
 * The voice call (spec 02 §4, §9): listen → process → reply spoken → listen
 * again, until stopped. The browser parts (microphone, recorder, level meter,
 * playback, timers) are injected, so the loop is tested without a browser.
 */

/** Hard stop of one recording (ms). */
export const MAX_RECORDING_MS = 20_000;
/** RMS below which the microphone counts as silent. */
export const SILENCE_RMS = 0.01;
/** Silence after speech that ends a turn (ms). */
export const SILENCE_HOLD_MS = 1500;
/** Transcripts shorter than this (trimmed) are discarded and the loop listens again. */
export const MIN_TRANSCRIPT_CHARS = 2;
/** How often the level is sampled while listening (ms). */
export const LEVEL_INTERVAL_MS = 50;

export type VoiceState = 'off' | 'listening' | 'processing' | 'speaking';

/** What went wrong with the microphone (spec 02 §8). */
export type MicrophoneProblem = 'unsupported' | 'permission' | 'notFound' | 'failed';

/** The root mean square of samples in -1..1. */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i] ?? 0;
    sum += v * v;
  }
  return Math.sqrt(sum / samples.length);
}

/**
 * Ends a turn once speech was heard and the level then stayed below the
 * threshold for the hold time. Silence before any speech never ends it (the
 * 20 s cap does).
 */
export class SilenceDetector {
  private heard = false;
  private quietSince: number | null = null;
  private readonly threshold: number;
  private readonly holdMs: number;

  constructor(threshold = SILENCE_RMS, holdMs = SILENCE_HOLD_MS) {
    this.threshold = threshold;
    this.holdMs = holdMs;
  }

  /** Feeds one level measured at now (ms); true when the turn is over. */
  feed(level: number, now: number): boolean {
    if (level >= this.threshold) {
      this.heard = true;
      this.quietSince = null;
      return false;
    }
    if (!this.heard) return false;
    if (this.quietSince === null) this.quietSince = now;
    return now - this.quietSince >= this.holdMs;
  }
}

/** Sorts a getUserMedia failure into the specification's cases. */
export function microphoneProblem(err: unknown): MicrophoneProblem {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'permission';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'notFound';
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'failed';
}

/** A recording of one turn. */
export interface Recorder {
  start: () => void;
  /** Stops and resolves to the recorded audio. */
  stop: () => Promise<Blob>;
}

/** The current microphone level (RMS). */
export interface Meter {
  level: () => number;
  close: () => void;
}

export interface VoiceLoopDeps {
  /**
   * Opens the microphone (getUserMedia); rejects with its DOMException, a
   * NotSupportedError where the browser has none.
   */
  openMicrophone: () => Promise<MediaStream>;
  createRecorder: (stream: MediaStream) => Recorder;
  createMeter: (stream: MediaStream) => Meter;
  /** The text of a recording (rejects when transcription failed). */
  transcribe: (audio: Blob) => Promise<string>;
  /**
   * Sends the text through the chat; resolves to the customer's reply, or
   * null to end the call. onToken receives the reply while it streams.
   */
  reply: (text: string, onToken: (piece: string) => void) => Promise<string | null>;
  /**
   * Starts getting the speech of one sentence (a server synthesis starts
   * now) and resolves to a function that plays it, resolving when done or
   * when the signal aborts. Sentences are prepared as soon as they are
   * complete and played in order, so the first is heard while the reply
   * still streams.
   */
  prepare: (text: string, signal: AbortSignal) => Promise<() => Promise<void>>;
  onState: (state: VoiceState) => void;
  onMicrophoneProblem: (problem: MicrophoneProblem) => void;
  onTranscriptionFailed: () => void;
  /** Clock and timer; default Date.now and setInterval. */
  now?: () => number;
  every?: (fn: () => void, ms: number) => () => void;
}

/**
 * One voice call. start() opens the microphone and listens; stop() ends
 * everything and releases the microphone (every track stopped).
 */
export class VoiceLoop {
  private stream: MediaStream | null = null;
  private meter: Meter | null = null;
  private stopTicking: (() => void) | null = null;
  private speaking: AbortController | null = null;
  private running = false;
  private generation = 0;
  private readonly now: () => number;
  private readonly every: (fn: () => void, ms: number) => () => void;
  private readonly deps: VoiceLoopDeps;

  constructor(deps: VoiceLoopDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => Date.now());
    this.every =
      deps.every ??
      ((fn, ms) => {
        const id = setInterval(fn, ms);
        return () => clearInterval(id);
      });
  }

  get active(): boolean {
    return this.running;
  }

  /** Opens the microphone and starts listening; false when the microphone failed. */
  async start(): Promise<boolean> {
    if (this.running) return true;
    let stream: MediaStream;
    try {
      stream = await this.deps.openMicrophone();
    } catch (err) {
      this.deps.onMicrophoneProblem(microphoneProblem(err));
      return false;
    }
    this.stream = stream;
    this.meter = this.deps.createMeter(stream);
    this.running = true;
    this.listen();
    return true;
  }

  /** Ends the call: stops listening and playback and releases the microphone. */
  stop(): void {
    if (!this.running && !this.stream) return;
    this.running = false;
    this.generation++;
    this.stopTicking?.();
    this.stopTicking = null;
    this.speaking?.abort();
    this.speaking = null;
    this.meter?.close();
    this.meter = null;
    this.stream?.getTracks().forEach((track) => track.stop());
    this.stream = null;
    this.deps.onState('off');
  }

  /** Stops the reply being spoken (the hint button); the loop goes on listening. */
  stopSpeaking(): void {
    this.speaking?.abort();
  }

  private listen(): void {
    if (!this.running || !this.stream) return;
    const generation = this.generation;
    const recorder = this.deps.createRecorder(this.stream);
    const detector = new SilenceDetector();
    const startedAt = this.now();
    let ended = false;
    this.deps.onState('listening');
    recorder.start();
    this.stopTicking = this.every(() => {
      if (ended || generation !== this.generation) return;
      const now = this.now();
      if (detector.feed(this.meter?.level() ?? 0, now) || now - startedAt >= MAX_RECORDING_MS) {
        ended = true;
        this.stopTicking?.();
        this.stopTicking = null;
        void this.turn(recorder, generation);
      }
    }, LEVEL_INTERVAL_MS);
  }

  private async turn(recorder: Recorder, generation: number): Promise<void> {
    const current = () => this.running && generation === this.generation;
    this.deps.onState('processing');
    let text: string;
    try {
      const audio = await recorder.stop();
      if (!current()) return;
      text = (await this.deps.transcribe(audio)).trim();
    } catch {
      if (!current()) return;
      this.deps.onTranscriptionFailed();
      this.listen();
      return;
    }
    if (!current()) return;
    if (text.length < MIN_TRANSCRIPT_CHARS) {
      this.listen();
      return;
    }
    const speaking = new AbortController();
    this.speaking = speaking;
    const queue = new SpeechQueue(this.deps.prepare, speaking.signal, () => {
      if (current()) this.deps.onState('speaking');
    });
    const sentences = new SentenceSplitter((sentence) => queue.push(sentence));
    const reply = await this.deps.reply(text, (piece) => sentences.push(piece)).catch(() => null);
    if (!current()) {
      speaking.abort();
      return;
    }
    if (reply === null) {
      speaking.abort();
      this.stop();
      return;
    }
    sentences.end(reply);
    await queue.done();
    if (this.speaking === speaking) this.speaking = null;
    if (!current()) return;
    this.listen();
  }
}

/**
 * Cuts streamed text into sentences: a sentence ends at . ! ? or … (with
 * closing quotes or brackets) followed by white space. end() emits the rest;
 * when nothing streamed (a reply that came whole), it splits the whole reply.
 */
export class SentenceSplitter {
  private buffer = '';
  private streamed = false;
  private readonly emit: (sentence: string) => void;

  constructor(emit: (sentence: string) => void) {
    this.emit = emit;
  }

  push(piece: string): void {
    this.streamed = true;
    this.buffer += piece;
    for (;;) {
      const m = /[.!?…]+["'»«“”)\]]*\s+/.exec(this.buffer);
      if (!m) return;
      const end = m.index + m[0].length;
      this.say(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end);
    }
  }

  end(whole: string): void {
    if (!this.streamed) {
      this.streamed = true;
      this.push(whole + ' ');
    }
    this.say(this.buffer);
    this.buffer = '';
  }

  private say(text: string): void {
    const sentence = text.trim();
    if (sentence) this.emit(sentence);
  }
}

/**
 * Plays prepared sentences in order. Each is prepared when pushed, so the
 * next synthesis runs while the current sentence plays. A sentence that
 * fails is skipped (spec: a TTS failure is logged and speaking stops).
 */
export class SpeechQueue {
  private chain: Promise<void> = Promise.resolve();
  private started = false;
  private readonly prepare: VoiceLoopDeps['prepare'];
  private readonly signal: AbortSignal;
  private readonly onFirst: () => void;

  constructor(prepare: VoiceLoopDeps['prepare'], signal: AbortSignal, onFirst: () => void) {
    this.prepare = prepare;
    this.signal = signal;
    this.onFirst = onFirst;
  }

  /** A method, so that checks after an await read the signal anew. */
  private stopped(): boolean {
    return this.signal.aborted;
  }

  push(sentence: string): void {
    if (this.stopped()) return;
    const ready = this.prepare(sentence, this.signal);
    ready.catch(() => undefined);
    this.chain = this.chain.then(async () => {
      if (this.stopped()) return;
      try {
        const play = await ready;
        if (this.stopped()) return;
        if (!this.started) {
          this.started = true;
          this.onFirst();
        }
        await play();
      } catch {
        // logged by prepare; go on with the next sentence
      }
    });
  }

  /** Resolves when everything pushed so far was played (or the signal aborted). */
  done(): Promise<void> {
    return this.chain;
  }
}
