import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions, STORAGE_KEY } from '../../../lib/auth';
import { I18nProvider } from '../../../lib/i18n';
import { makeStoredSession } from '../../../testing/fixtures';
import { createTestQueryClient } from '../../../testing/render';
import { server } from '../../../testing/server';
import { VOICE_SETTINGS } from '../../../testing/handlers';
import { MicrophoneDialog, VoiceStatusBar } from '../components/VoiceCall';
import { useVoiceCall, type VoiceBrowser } from './useVoiceCall';

const CALL_ID = '0190a7c4-0000-7000-8000-000000000001';

/** A fake browser: a clock and ticks the test drives, a settable level, tracks that remember being stopped. */
function fakeBrowser(overrides: Partial<VoiceBrowser> = {}) {
  let now = 0;
  let level = 0;
  const ticks = new Set<() => void>();
  const tracks = [{ stop: vi.fn() }];
  const stream = { getTracks: () => tracks } as unknown as MediaStream;
  const browser: VoiceBrowser = {
    openMicrophone: vi.fn(() => Promise.resolve(stream)),
    createRecorder: () => ({ start: () => undefined, stop: () => Promise.resolve(new Blob(['webm'])) }),
    createMeter: () => ({ level: () => level, close: () => undefined }),
    recognition: () => null,
    playAudio: vi.fn(() => Promise.resolve()),
    speakWithBrowser: vi.fn(() => Promise.resolve()),
    secure: () => true,
    now: () => now,
    every: (fn) => {
      ticks.add(fn);
      return () => ticks.delete(fn);
    },
    ...overrides,
  };
  const advance = async (ms: number, withLevel: number) => {
    level = withLevel;
    for (let t = 0; t < ms; t += 50) {
      now += 50;
      await act(async () => {
        [...ticks].forEach((fn) => fn());
        await Promise.resolve();
      });
    }
  };
  return { browser, tracks, advance };
}

type Reply = (text: string, onToken: (piece: string) => void, callId?: string) => Promise<string | null>;

function Harness({ browser, reply }: { browser: VoiceBrowser; reply: Reply }) {
  const voice = useVoiceCall(reply, browser);
  return (
    <>
      <p>state:{voice.state}</p>
      <p>blocked:{voice.blockedBecause ?? ''}</p>
      <button type="button" onClick={() => void voice.start()}>
        start
      </button>
      <VoiceStatusBar state={voice.state} onEnd={voice.stop} />
      <MicrophoneDialog open={voice.permissionOpen} onCancel={voice.closePermission} onRetry={voice.retryPermission} />
    </>
  );
}

function renderHarness(browser: VoiceBrowser, reply = vi.fn<Reply>((text) => Promise.resolve(`Antwort auf ${text}`))) {
  const queryClient = createTestQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <Harness browser={browser} reply={reply} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...view, reply, user: userEvent.setup() };
}

describe('useVoiceCall', () => {
  let seen: { stt: string[]; tts: unknown[]; finished: string[] };
  beforeEach(async () => {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(makeStoredSession({ access_token: 'tok' })));
    await sessions.start();
    seen = { stt: [], tts: [], finished: [] };
    server.use(
      http.post('/api/voice/calls', () => HttpResponse.json({ id: CALL_ID }, { status: 201 })),
      http.post('/api/voice/calls/:id/finish', ({ params }) => {
        seen.finished.push(String(params.id));
        return HttpResponse.json({ counted: true });
      }),
      http.post('/api/stt', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file');
        seen.stt.push(`${new URL(request.url).searchParams.get('callId')}:${file !== null && typeof file !== 'string'}`);
        return HttpResponse.json({ text: ' Das ist mir zu teuer. ' });
      }),
      http.post('/api/tts', async ({ request }) => {
        seen.tts.push(await request.json());
        return new HttpResponse(new Uint8Array([0xff, 0xfb, 0x90, 0x64]), { headers: { 'Content-Type': 'audio/mpeg' } });
      }),
    );
  });
  afterEach(() => sessions.stop());

  it('runs the loop: listen, transcribe within the call, reply through the chat, play the server voice, listen again; ending releases the microphone', async () => {
    const { browser, tracks, advance } = fakeBrowser();
    const view = renderHarness(browser);
    await view.user.click(await screen.findByRole('button', { name: 'start' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Jetzt zuhören…');
    await advance(500, 0.2); // speech
    await advance(1550, 0); // 1500 ms of silence end the turn
    await vi.waitFor(() => expect(browser.playAudio).toHaveBeenCalledTimes(1));
    expect(seen.stt).toEqual([`${CALL_ID}:true`]);
    // The server transcribed the turn within the call: the message carries no call.
    expect(view.reply).toHaveBeenCalledWith('Das ist mir zu teuer.', expect.any(Function), undefined);
    expect(seen.tts).toEqual([{ text: 'Antwort auf Das ist mir zu teuer.' }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Jetzt zuhören…');

    await view.user.click(screen.getByRole('button', { name: 'Anruf beenden' }));
    expect(tracks[0]?.stop).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(seen.finished).toEqual([CALL_ID]));
  });

  it('leaving the page ends the call and releases the microphone', async () => {
    const { browser, tracks } = fakeBrowser();
    const view = renderHarness(browser);
    await view.user.click(await screen.findByRole('button', { name: 'start' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Jetzt zuhören…');
    view.unmount();
    expect(tracks[0]?.stop).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(seen.finished).toEqual([CALL_ID]));
  });

  it('speaks with the browser when the server offers no voice', async () => {
    server.use(http.get('/api/voice', () => HttpResponse.json({ ...VOICE_SETTINGS, tts: { ...VOICE_SETTINGS.tts, provider: 'none' } })));
    const { browser, advance } = fakeBrowser();
    const view = renderHarness(browser);
    await vi.waitFor(() => expect(screen.getByText(/^blocked:/)).toHaveTextContent('blocked:'));
    await view.user.click(screen.getByRole('button', { name: 'start' }));
    await screen.findByRole('status');
    await advance(300, 0.2);
    await advance(1550, 0);
    await vi.waitFor(() =>
      expect(browser.speakWithBrowser).toHaveBeenCalledWith('Antwort auf Das ist mir zu teuer.', 'de-DE', expect.any(AbortSignal)),
    );
    expect(seen.tts).toEqual([]);
  });

  it('is blocked on an insecure origin and without server speech recognition', async () => {
    const insecure = fakeBrowser({ secure: () => false });
    const first = renderHarness(insecure.browser);
    expect(screen.getByText(/^blocked:/)).toHaveTextContent(
      'Bitte sichere Verbindung (HTTPS) nutzen, sonst ist der Sprachmodus deaktiviert.',
    );
    await first.user.click(screen.getByRole('button', { name: 'start' }));
    expect(insecure.browser.openMicrophone).not.toHaveBeenCalled();
    first.unmount();

    server.use(http.get('/api/voice', () => HttpResponse.json({ ...VOICE_SETTINGS, stt: { provider: 'none' } })));
    renderHarness(fakeBrowser().browser);
    expect(await screen.findByText('blocked:Die Spracherkennung ist auf diesem Server nicht eingerichtet.')).toBeInTheDocument();
  });

  it("listens with the browser's own recognition when the server has none", async () => {
    server.use(http.get('/api/voice', () => HttpResponse.json({ ...VOICE_SETTINGS, stt: { provider: 'none' } })));
    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = true;
      onresult: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      start() {
        this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: 'Zu teuer' }], { isFinal: true })] });
      }
      stop() {
        this.onend?.();
      }
    }
    const { browser, advance } = fakeBrowser({ recognition: () => FakeRecognition });
    const view = renderHarness(browser);
    await vi.waitFor(() => expect(screen.getByText(/^blocked:/)).toHaveTextContent(/^blocked:$/));
    await view.user.click(screen.getByRole('button', { name: 'start' }));
    await screen.findByRole('status');
    await advance(300, 0.2);
    await advance(1550, 0);
    // The server saw no transcription: the chat message is the call's turn.
    await vi.waitFor(() => expect(view.reply).toHaveBeenCalledWith('Zu teuer', expect.any(Function), CALL_ID));
    expect(seen.stt).toEqual([]);
    await view.user.click(await screen.findByRole('button', { name: 'Anruf beenden' }));
    await vi.waitFor(() => expect(seen.finished).toEqual([CALL_ID]));
  });

  it('opens the microphone dialog when permission is denied, and tries again', async () => {
    const denied = vi
      .fn<VoiceBrowser['openMicrophone']>()
      .mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'))
      .mockResolvedValue({ getTracks: () => [] } as unknown as MediaStream);
    const { browser } = fakeBrowser({ openMicrophone: denied });
    const view = renderHarness(browser);
    await vi.waitFor(() => expect(screen.getByText(/^blocked:/)).toHaveTextContent(/^blocked:$/));
    await view.user.click(screen.getByRole('button', { name: 'start' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mikrofon freigeben' });
    expect(dialog).toHaveTextContent('Chrome:');
    expect(dialog).toHaveTextContent('Edge:');
    expect(dialog).toHaveTextContent('Safari:');
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Jetzt zuhören…');
    expect(denied).toHaveBeenCalledTimes(2);
  });
});
