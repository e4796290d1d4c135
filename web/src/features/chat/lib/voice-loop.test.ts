import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_RECORDING_MS,
  SentenceSplitter,
  microphoneProblem,
  rms,
  SilenceDetector,
  VoiceLoop,
  type Meter,
  type Recorder,
  type VoiceLoopDeps,
  type VoiceState,
} from './voice-loop';

describe('rms and SilenceDetector', () => {
  it('measures the level', () => {
    expect(rms([])).toBe(0);
    expect(rms([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
  });

  it('ends a turn after 1500 ms below 0.01 once speech was heard', () => {
    const d = new SilenceDetector();
    expect(d.feed(0, 0)).toBe(false);
    expect(d.feed(0, 5000)).toBe(false); // silence before speech never ends it
    expect(d.feed(0.2, 5100)).toBe(false);
    expect(d.feed(0.009, 5200)).toBe(false);
    expect(d.feed(0.005, 6600)).toBe(false); // 1400 ms
    expect(d.feed(0.02, 6650)).toBe(false); // speech again: the hold restarts
    expect(d.feed(0, 6700)).toBe(false);
    expect(d.feed(0, 8199)).toBe(false);
    expect(d.feed(0, 8200)).toBe(true);
  });
});

describe('microphoneProblem', () => {
  it('sorts getUserMedia failures as the specification does', () => {
    expect(microphoneProblem(new DOMException('x', 'NotAllowedError'))).toBe('permission');
    expect(microphoneProblem(new DOMException('x', 'SecurityError'))).toBe('permission');
    expect(microphoneProblem(new DOMException('x', 'NotFoundError'))).toBe('notFound');
    expect(microphoneProblem(new DOMException('x', 'NotSupportedError'))).toBe('unsupported');
    expect(microphoneProblem(new DOMException('x', 'NotReadableError'))).toBe('failed');
    expect(microphoneProblem('weird')).toBe('failed');
  });
});

/** A fake browser: a clock advanced by the test, a settable level, recorders and tracks that record what happened. */
function fakeBrowser() {
  let now = 0;
  let level = 0;
  const ticks = new Set<() => void>();
  const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
  const stream = { getTracks: () => tracks } as unknown as MediaStream;
  const recorders: { started: boolean; stopped: boolean }[] = [];
  const states: VoiceState[] = [];
  const meter: Meter = { level: () => level, close: vi.fn() };
  const speak = vi.fn((_text: string, _signal: AbortSignal) => Promise.resolve());
  const deps: VoiceLoopDeps = {
    openMicrophone: vi.fn(() => Promise.resolve(stream)),
    createRecorder: () => {
      const r = { started: false, stopped: false };
      recorders.push(r);
      const rec: Recorder = {
        start: () => {
          r.started = true;
        },
        stop: () => {
          r.stopped = true;
          return Promise.resolve(new Blob(['webm'], { type: 'audio/webm' }));
        },
      };
      return rec;
    },
    createMeter: () => meter,
    transcribe: vi.fn(() => Promise.resolve('Das ist mir zu teuer.')),
    reply: vi.fn(() => Promise.resolve('Warum?')),
    prepare: (text, signal) => Promise.resolve(() => speak(text, signal)),
    onState: (s) => states.push(s),
    onMicrophoneProblem: vi.fn(),
    onTranscriptionFailed: vi.fn(),
    now: () => now,
    every: (fn) => {
      ticks.add(fn);
      return () => ticks.delete(fn);
    },
  };
  /** Advances the clock in 50 ms steps, sampling the level each time. */
  const advance = async (ms: number, withLevel?: number) => {
    if (withLevel !== undefined) level = withLevel;
    for (let t = 0; t < ms; t += 50) {
      now += 50;
      [...ticks].forEach((fn) => fn());
      await flush();
    }
  };
  return { deps, speak, states, tracks, recorders, meter, advance, ticking: () => ticks.size };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('VoiceLoop', () => {
  let b: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    b = fakeBrowser();
  });
  afterEach(() => vi.restoreAllMocks());

  it('listens, ends the turn on silence, sends the transcript, speaks the reply and listens again', async () => {
    const loop = new VoiceLoop(b.deps);
    expect(await loop.start()).toBe(true);
    expect(b.states).toEqual(['listening']);
    await b.advance(1000, 0.3); // speech
    await b.advance(1450, 0); // quiet, not yet long enough
    expect(b.states).toEqual(['listening']);
    await b.advance(100, 0);
    await flush();
    expect(b.recorders[0]?.stopped).toBe(true);
    expect(b.deps.transcribe).toHaveBeenCalledTimes(1);
    expect(b.deps.reply).toHaveBeenCalledWith('Das ist mir zu teuer.', expect.any(Function));
    expect(b.speak).toHaveBeenCalledWith('Warum?', expect.any(AbortSignal));
    expect(b.states).toEqual(['listening', 'processing', 'speaking', 'listening']);
    expect(b.recorders).toHaveLength(2);
    expect(b.recorders[1]?.started).toBe(true);
  });

  it('stops recording at 20 s even while the user keeps talking', async () => {
    const loop = new VoiceLoop(b.deps);
    await loop.start();
    await b.advance(MAX_RECORDING_MS - 50, 0.5);
    expect(b.recorders[0]?.stopped).toBe(false);
    await b.advance(50, 0.5);
    expect(b.recorders[0]?.stopped).toBe(true);
    expect(b.deps.transcribe).toHaveBeenCalledTimes(1);
  });

  it('discards a transcript under 2 characters and listens again', async () => {
    vi.mocked(b.deps.transcribe).mockResolvedValueOnce(' a ');
    const loop = new VoiceLoop(b.deps);
    await loop.start();
    await b.advance(200, 0.3);
    await b.advance(1550, 0);
    await flush();
    expect(b.deps.reply).not.toHaveBeenCalled();
    expect(b.states).toEqual(['listening', 'processing', 'listening']);
  });

  it('reports a failed transcription and listens again', async () => {
    vi.mocked(b.deps.transcribe).mockRejectedValueOnce(new Error('503'));
    const loop = new VoiceLoop(b.deps);
    await loop.start();
    await b.advance(200, 0.3);
    await b.advance(1550, 0);
    await flush();
    expect(b.deps.onTranscriptionFailed).toHaveBeenCalledTimes(1);
    expect(b.states.at(-1)).toBe('listening');
  });

  it('stop ends everything and releases the microphone', async () => {
    let endSpeech: () => void = () => undefined;
    vi.mocked(b.speak).mockImplementation(
      (_text, signal) =>
        new Promise<void>((resolve) => {
          endSpeech = resolve;
          signal.addEventListener('abort', () => resolve());
        }),
    );
    const loop = new VoiceLoop(b.deps);
    await loop.start();
    await b.advance(200, 0.3);
    await b.advance(1550, 0);
    await flush();
    expect(b.states.at(-1)).toBe('speaking');
    loop.stop();
    await flush();
    endSpeech();
    await flush();
    expect(b.tracks.every((t) => t.stop.mock.calls.length === 1)).toBe(true);
    expect(b.meter.close).toHaveBeenCalled();
    expect(b.states.at(-1)).toBe('off');
    expect(b.ticking()).toBe(0);
    await b.advance(5000, 0.3);
    expect(b.recorders).toHaveLength(1); // no new turn after the end
    expect(loop.active).toBe(false);
  });

  it('stopSpeaking cuts the reply short and goes on listening', async () => {
    vi.mocked(b.speak).mockImplementation(
      (_text, signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
    );
    const loop = new VoiceLoop(b.deps);
    await loop.start();
    await b.advance(200, 0.3);
    await b.advance(1550, 0);
    await flush();
    expect(b.states.at(-1)).toBe('speaking');
    loop.stopSpeaking();
    await flush();
    expect(b.states.at(-1)).toBe('listening');
  });

  it('ends the call when the chat gives no reply', async () => {
    vi.mocked(b.deps.reply).mockResolvedValueOnce(null);
    const loop = new VoiceLoop(b.deps);
    await loop.start();
    await b.advance(200, 0.3);
    await b.advance(1550, 0);
    await flush();
    expect(b.states.at(-1)).toBe('off');
    expect(b.tracks[0]?.stop).toHaveBeenCalled();
  });

  it.each([
    ['NotAllowedError', 'permission'],
    ['NotFoundError', 'notFound'],
    ['NotSupportedError', 'unsupported'],
    ['AbortError', 'failed'],
  ])('reports a microphone %s as %s', async (name, problem) => {
    vi.mocked(b.deps.openMicrophone).mockRejectedValueOnce(new DOMException('no', name));
    const loop = new VoiceLoop(b.deps);
    expect(await loop.start()).toBe(false);
    expect(b.deps.onMicrophoneProblem).toHaveBeenCalledWith(problem);
    expect(b.states).toEqual([]);
  });

  it('speaks the reply sentence by sentence while it still streams', async () => {
    let finish: (reply: string) => void = () => undefined;
    let stream: (piece: string) => void = () => undefined;
    vi.mocked(b.deps.reply).mockImplementationOnce(
      (_text, onToken) =>
        new Promise<string | null>((resolve) => {
          stream = onToken;
          finish = resolve;
        }),
    );
    const loop = new VoiceLoop(b.deps);
    await loop.start();
    await b.advance(200, 0.3);
    await b.advance(1550, 0);
    await flush();
    expect(b.states.at(-1)).toBe('processing');
    stream('Das verstehe ich. Aber');
    await flush();
    expect(b.speak).toHaveBeenCalledWith('Das verstehe ich.', expect.any(AbortSignal));
    expect(b.states.at(-1)).toBe('speaking');
    stream(' warum so teuer? Und');
    await flush();
    expect(b.speak).toHaveBeenCalledTimes(2);
    finish('Das verstehe ich. Aber warum so teuer? Und wann?');
    stream(' wann?');
    await flush();
    expect(b.speak.mock.calls.map((c) => c[0])).toEqual(['Das verstehe ich.', 'Aber warum so teuer?', 'Und wann?']);
    expect(b.states.at(-1)).toBe('listening');
  });
});

describe('SentenceSplitter', () => {
  it('cuts streamed text at sentence ends and keeps the rest for the end', () => {
    const out: string[] = [];
    const s = new SentenceSplitter((x) => out.push(x));
    s.push('Hallo! Wie');
    s.push(' geht’s? „Gut.“ Dann');
    s.push(' los…');
    expect(out).toEqual(['Hallo!', 'Wie geht’s?', '„Gut.“']);
    s.end('ignored because it streamed');
    expect(out).toEqual(['Hallo!', 'Wie geht’s?', '„Gut.“', 'Dann los…']);
  });

  it('splits a reply that came whole', () => {
    const out: string[] = [];
    const s = new SentenceSplitter((x) => out.push(x));
    s.end('Zu teuer. Wirklich!');
    expect(out).toEqual(['Zu teuer.', 'Wirklich!']);
  });
});
