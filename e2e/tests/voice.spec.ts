import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import config from '../playwright.config';
import { SPEECH_TRANSCRIPT, SPEECH_VOICE } from '../fakes/speech';
import { expectCustomerReplies, guestOnChat, input } from './chat-support';
import { baseURL, expect, test } from './support';

/**
 * Voice mode in real Chromium against the real binary, whose speech
 * provider is cmd/speechfake (the OpenAI audio API; global-setup starts it).
 * Chromium's fake microphone plays fixtures/speech-de.wav in a loop: a German
 * sentence (espeak-ng, SPEECH_TRANSCRIPT) and 2.5 s of silence, so the
 * silence ends each turn and the sentence comes round again for the next.
 *
 * The microphone permission is the browser context's: granted for the call,
 * absent for the permission dialog. (--use-fake-ui-for-media-stream is left
 * out on purpose: it accepts every request, even where the permission was
 * denied, so the dialog could never show.)
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const recording = path.resolve(here, '../fixtures/speech-de.wav');
const standard = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...standard,
    args: [...(standard.args ?? []), '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${recording}`],
  },
});

const PITCH = 'Guten Tag, ich stelle Ihnen CloudCRM vor: Kontakte, Angebote und Rechnungen an einem Ort.';

/** What the page saw: every microphone track handed out, the voice states shown, the audio played. */
interface Observed {
  tracks: MediaStreamTrack[];
  states: string[];
  played: { src: string; ended: boolean; duration: number }[];
}

/**
 * Instruments the page before the app loads: getUserMedia's tracks are
 * remembered (to see them stopped), the voice status text is recorded at
 * each change (states that last a moment included), and each played media
 * element is followed to its end. Nothing of the app is replaced.
 */
async function observe(page: Page) {
  await page.addInitScript(() => {
    const seen: Observed = { tracks: [], states: [], played: [] };
    (window as unknown as { __voice: Observed }).__voice = seen;
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      seen.tracks.push(...stream.getTracks());
      return stream;
    };
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const record = { src: this.currentSrc || this.src, ended: false, duration: 0 };
      seen.played.push(record);
      this.addEventListener(
        'ended',
        () => {
          record.ended = true;
          record.duration = this.duration;
        },
        { once: true },
      );
      return play.call(this);
    };
    new MutationObserver(() => {
      const state = document.querySelector('.voice-bar__state')?.textContent ?? 'off';
      if (seen.states.at(-1) !== state) seen.states.push(state);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const observed = (page: Page) =>
  page.evaluate(() => {
    const seen = (window as unknown as { __voice: Observed }).__voice;
    return {
      tracks: seen.tracks.map((t) => ({ kind: t.kind, readyState: t.readyState })),
      states: [...seen.states],
      played: seen.played.map((p) => ({ ...p })),
    };
  });

/** What the speech fake received (GET /fake/requests of cmd/speechfake). */
interface FakeRequest {
  path: string;
  model?: string;
  language?: string;
  responseFormat?: string;
  format?: string;
  durationMs?: number;
  input?: string;
  voice?: string;
}

async function fakeRequests(page: Page): Promise<FakeRequest[]> {
  const url = process.env.E2E_SPEECH_URL;
  if (!url) throw new Error('E2E_SPEECH_URL is not set: global-setup did not run');
  const res = await page.request.get(`${url}/fake/requests`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as FakeRequest[];
}

/** Starts an exam chat with a typed pitch (voice mode needs a started chat; an exam never ends by itself). */
async function startExam(page: Page) {
  await page.getByRole('button', { name: /^Prüfung/ }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await input(page).fill(PITCH);
  await input(page).press('Enter');
  await expectCustomerReplies(page, 1);
}

const voiceToggle = (page: Page) => page.getByRole('button', { name: 'Sprachmodus' });
const voiceStatus = (page: Page) => page.getByRole('group', { name: 'Sprachmodus' }).getByRole('status');

test.describe('with the microphone allowed', () => {
  test.use({ permissions: ['microphone'] });

  test('a call: listens, cuts at silence, sends the transcript, plays the reply, listens again; hanging up releases the microphone and counts the call', async ({
    page,
  }) => {
    await observe(page);
    const token = await guestOnChat(page);
    await startExam(page);
    const speech = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tts' && r.request().method() === 'POST');

    await voiceToggle(page).click();
    await expect(voiceToggle(page)).toHaveAttribute('aria-pressed', 'true');
    // The state is a live region: screen readers hear each change.
    await expect(voiceStatus(page)).toHaveAttribute('aria-live', 'polite');
    await expect(voiceStatus(page)).toHaveText('Jetzt zuhören…');

    // The fake microphone's sentence, transcribed by the server, arrives as the user's message.
    const log = page.getByRole('list', { name: 'Gesprächsverlauf' });
    await expect(log.locator('.message--human', { hasText: SPEECH_TRANSCRIPT })).toHaveCount(1, { timeout: 20_000 });

    // The customer's reply is spoken: the server's speech, streamed as MP3, plays to its end.
    const tts = await speech;
    expect(tts.status()).toBe(200);
    expect(tts.headers()['content-type']).toBe('audio/mpeg');
    await expect
      .poll(async () => (await observed(page)).played.filter((p) => p.ended && p.src.startsWith('blob:')).length, { timeout: 20_000 })
      .toBeGreaterThan(0);

    // The loop starts over: the sentence comes round again and is sent a second time.
    await expect(log.locator('.message--human', { hasText: SPEECH_TRANSCRIPT })).toHaveCount(2, { timeout: 30_000 });
    await expect.poll(() => log.locator('.message--bot:not(.message--typing)').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

    // Every state was shown, in the loop's order, and listening came back.
    const { states } = await observed(page);
    const call = states.slice(states.indexOf('Jetzt zuhören…'));
    expect(call.slice(0, 4)).toEqual(['Jetzt zuhören…', 'Verarbeite…', 'Antwort abspielen…', 'Jetzt zuhören…']);

    // Silence ended each turn long before the 20 s cap: the recordings the
    // server passed on are the sentence plus the 1500 ms of silence, WebM
    // from MediaRecorder, with the user's language.
    const requests = await fakeRequests(page);
    const heard = requests.filter((r) => r.path === '/v1/audio/transcriptions');
    expect(heard.length).toBeGreaterThanOrEqual(2);
    for (const r of heard) {
      expect(r).toMatchObject({ model: 'whisper-1', language: 'de', format: 'webm' });
      expect(r.durationMs).toBeGreaterThan(1500);
      expect(r.durationMs).toBeLessThan(10_000);
    }
    // The reply was spoken in the configured OpenAI voice (TTS_VOICE) for the default Polly one.
    const spoken = requests.filter((r) => r.path === '/v1/audio/speech');
    expect(spoken.length).toBeGreaterThan(0);
    for (const r of spoken) expect(r).toMatchObject({ model: 'tts-1', voice: SPEECH_VOICE, responseFormat: 'mp3' });

    // Hanging up ends the call and stops every microphone track.
    await page.getByRole('button', { name: 'Anruf beenden' }).click();
    await expect(page.getByRole('group', { name: 'Sprachmodus' })).toHaveCount(0);
    await expect(voiceToggle(page)).toHaveAttribute('aria-pressed', 'false');
    const { tracks } = await observed(page);
    expect(tracks.length).toBeGreaterThan(0);
    expect(tracks).toEqual(tracks.map(() => ({ kind: 'audio', readyState: 'ended' })));

    // The finished call, with its transcribed turns, counts once for 'Telefonieren'.
    await expect
      .poll(async () => {
        const res = await page.request.get(`${baseURL()}/api/challenges`, { headers: { Authorization: `Bearer ${token}` } });
        const cards = (await res.json()) as { key: string; progressCurrent: number }[];
        return cards.find((c) => c.key === 'calls')?.progressCurrent;
      })
      .toBe(1);
  });
});

test('without the microphone permission: the dialog explains it; cancel, then allow and try again', async ({ page, context }) => {
  await observe(page);
  await guestOnChat(page);
  await startExam(page);

  await voiceToggle(page).click();
  const dialog = page.getByRole('dialog', { name: 'Mikrofon freigeben' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Chrome:');
  await expect(dialog).toContainText('Edge:');
  await expect(dialog).toContainText('Safari:');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('group', { name: 'Sprachmodus' })).toHaveCount(0);
  expect((await observed(page)).tracks).toEqual([]);

  await voiceToggle(page).click();
  await expect(dialog).toBeVisible();
  await context.grantPermissions(['microphone'], { origin: baseURL() });
  await dialog.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(dialog).toBeHidden();
  await expect(voiceStatus(page)).toHaveText('Jetzt zuhören…');

  // Hanging up from the keyboard releases the microphone too.
  await page.getByRole('button', { name: 'Anruf beenden' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Sprachmodus' })).toHaveCount(0);
  const { tracks } = await observed(page);
  expect(tracks.length).toBe(1);
  expect(tracks[0]?.readyState).toBe('ended');
});
