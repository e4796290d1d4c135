/**
 * The browser's side of the voice loop: microphone, MediaRecorder (WebM/Opus),
 * a Web Audio level meter, and playback (the server's speech, or the
 * browser's own speechSynthesis when the server offers none).
 */
import { rms, type Meter, type Recorder } from './voice-loop';
import type { RecognitionConstructor } from './voice-support';

/** getUserMedia for audio; a NotSupportedError where the browser has none. */
export function openMicrophone(): Promise<MediaStream> {
  // Older browsers and insecure origins have no mediaDevices, whatever the types say.
  const devices = (navigator as Partial<Navigator>).mediaDevices as Partial<MediaDevices> | undefined;
  if (!devices?.getUserMedia) {
    return Promise.reject(new DOMException('no getUserMedia', 'NotSupportedError'));
  }
  return navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
}

/** The recording format: WebM/Opus where supported (Chromium, Firefox, Safari 18), else the default. */
export function recordingType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus'].find((t) => MediaRecorder.isTypeSupported(t));
}

export function createRecorder(stream: MediaStream): Recorder {
  const mimeType = recordingType();
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  });
  return {
    start: () => recorder.start(),
    stop: () =>
      new Promise<Blob>((resolve) => {
        const done = () => resolve(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }));
        if (recorder.state === 'inactive') {
          done();
          return;
        }
        recorder.addEventListener('stop', done, { once: true });
        recorder.stop();
      }),
  };
}

export function createMeter(stream: MediaStream): Meter {
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  return {
    level: () => {
      analyser.getFloatTimeDomainData(samples);
      return rms(samples);
    },
    close: () => {
      source.disconnect();
      void context.close();
    },
  };
}

/** Plays audio until it ends, fails or the signal aborts. */
export function playAudio(audio: Blob, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(audio);
    const element = new Audio(url);
    const done = () => {
      element.pause();
      URL.revokeObjectURL(url);
      signal.removeEventListener('abort', done);
      resolve();
    };
    element.addEventListener('ended', done, { once: true });
    element.addEventListener('error', done, { once: true });
    signal.addEventListener('abort', done, { once: true });
    element.play().catch(done);
  });
}

/** Speaks with the browser's own voice (the server offers none). */
export function speakWithBrowser(text: string, lang: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (typeof speechSynthesis === 'undefined' || signal.aborted) {
      resolve();
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    const done = () => {
      signal.removeEventListener('abort', cancel);
      resolve();
    };
    const cancel = () => {
      speechSynthesis.cancel();
      done();
    };
    utterance.addEventListener('end', done, { once: true });
    utterance.addEventListener('error', done, { once: true });
    signal.addEventListener('abort', cancel, { once: true });
    speechSynthesis.speak(utterance);
  });
}

/**
 * Listening with the browser's own recognition when the server has none:
 * each turn's "recorder" runs a recognition, and transcribe returns what it
 * heard. The microphone and the silence rule stay the loop's.
 */
export function recognitionTurns(Ctor: RecognitionConstructor, lang: string) {
  let heard: Promise<string> = Promise.resolve('');
  return {
    createRecorder: (): Recorder => {
      const recognition = new Ctor();
      recognition.lang = lang;
      recognition.continuous = true;
      recognition.interimResults = false;
      let text = '';
      recognition.onresult = (event) => {
        for (let i = event.resultIndex; i < event.results.length; i++) {
          const result = event.results[i];
          if (result?.isFinal) text += `${result[0]?.transcript ?? ''} `;
        }
      };
      const ended = new Promise<string>((resolve) => {
        recognition.onend = () => resolve(text);
        recognition.onerror = () => resolve(text);
      });
      return {
        start: () => recognition.start(),
        stop: () => {
          heard = ended;
          recognition.stop();
          return ended.then(() => new Blob());
        },
      };
    },
    transcribe: (): Promise<string> => heard,
  };
}
