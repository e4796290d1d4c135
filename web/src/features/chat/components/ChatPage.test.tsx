import { fireEvent, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ChatAnswer, ChatRequest, ConversationMessage } from '../../../lib/api';
import {
  CONVERSATION_ID,
  makeAnswer,
  makeChallenges,
  makeConversation,
  makeDetail,
  makeEvaluation,
  makeMe,
  makeScore,
} from '../../../testing/fixtures';
import { renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import { controlledSse, sseEvent, sseResponse } from '../../../testing/sse';

vi.mock('../lib/pdf-text', () => ({
  MAX_PDF_TEXT: 200_000,
  extractPdfText: vi.fn(() => Promise.resolve('CloudCRM Produktblatt\n\nSeite 2')),
}));

const input = () => screen.getByRole('textbox', { name: 'Deine Nachricht' });
const log = () => screen.getByRole('list', { name: 'Gesprächsverlauf' });
/** Waits for a text in the transcript, and for the transcript first: the list shows once the first message is sent. */
const findInLog = async (text: string) => within(await screen.findByRole('list', { name: 'Gesprächsverlauf' })).findByText(text);

/**
 * POST /api/chat answers: each call takes the next answer (streamed: tokens,
 * then done); GET of the conversation returns what was said so far.
 */
function chatApi(...answers: Parameters<typeof makeAnswer>[0][]) {
  const bodies: ChatRequest[] = [];
  const said: ConversationMessage[] = [];
  let last: ChatAnswer | null = null;
  let n = 0;
  const line = (id: string, role: ConversationMessage['role'], content: string, extra: Partial<ConversationMessage> = {}) =>
    ({ id, role, content, isCompletion: false, created_at: '2025-06-01T10:00:00Z', ...extra }) satisfies ConversationMessage;
  server.use(
    http.post('/api/chat', async ({ request }) => {
      const body = (await request.json()) as ChatRequest;
      bodies.push(body);
      const answer = makeAnswer(answers[Math.min(n++, answers.length - 1)]);
      last = answer;
      said.push(line(answer.userMessageId, 'user', body.message, body.pdfName && said.length === 0 ? { pdfName: body.pdfName } : {}));
      said.push(line(answer.assistantMessageId, 'assistant', answer.message));
      if (answer.completed) said.push(line(`done-${n}`, 'system', 'Herzlichen Glückwunsch, du hast den Kunden überzeugt', { isCompletion: true }));
      const words = answer.message.split(/(?<= )/);
      return sseResponse([...words.map((text) => sseEvent('token', { text })), sseEvent('done', answer)]);
    }),
    http.get(`/api/conversations/${CONVERSATION_ID}`, () => {
      const a = last ?? makeAnswer();
      const mode = bodies[0]?.mode ?? 'Übung';
      return HttpResponse.json(
        makeDetail({
          conversation: makeConversation({ mode, difficulty: mode === 'Übung' ? (bodies[0]?.difficulty ?? 1) : null }),
          messages: [...said],
          stage: a.stage,
          totalStages: a.totalStages,
          progress: a.progress,
          completed: a.completed,
          score: a.score,
        }),
      );
    }),
  );
  return bodies;
}

/** A conversation GET that never changes what the screen shows (an older snapshot). */
function staleDetail() {
  server.use(http.get(`/api/conversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeDetail({ messages: [] }))));
}

async function openChat() {
  const view = renderApp('/chat', { session: true });
  await screen.findByRole('heading', { name: 'Bereit für das nächste Level?' });
  return view;
}

async function startPractice(user: ReturnType<typeof renderApp>['user'], difficulty = 'Leicht') {
  await user.click(screen.getByRole('button', { name: /^Übung/ }));
  await user.click(screen.getByRole('button', { name: new RegExp(`^${difficulty}`) }));
  await user.click(screen.getByRole('button', { name: 'Start' }));
  await waitFor(() => expect(input()).toBeEnabled());
}

async function sendOpening(user: ReturnType<typeof renderApp>['user'], text = 'Hallo, hier ist CloudCRM') {
  await user.type(input(), `${text}{Enter}`);
  await findInLog('Hallo. Das ist mir zu teuer.');
}

describe('header', () => {
  it("shows the user's three challenges closest to their next stage as rings", async () => {
    server.use(
      http.get('/api/challenges', () =>
        HttpResponse.json(makeChallenges({ hints: 4, objections_solved: 20, fast_answers: 7, completed_chats: 3 })),
      ),
    );
    await openChat();
    const rings = await screen.findByRole('list', { name: 'Deine Challenges' });
    await waitFor(() => expect(within(rings).getAllByRole('img')).toHaveLength(3));
    expect(within(rings).getAllByRole('img').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Einwände gelöst · Stufe II · 80 %',
      'Hints genutzt · Stufe I · 80 %',
      'Schnelle Antworten · Stufe I · 70 %',
    ]);
  });
  it('holds the rings\' place with three empty ones while the challenges load (nothing moves when they come)', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/challenges', async () => {
        await gate;
        return HttpResponse.json(makeChallenges({ objections_solved: 20 }));
      }),
    );
    await openChat();
    const pending = document.querySelector('.rings[data-pending]');
    expect(pending).toHaveAttribute('aria-hidden', 'true');
    expect(pending?.querySelectorAll('.rings__item')).toHaveLength(3);
    expect(screen.queryByRole('list', { name: 'Deine Challenges' })).not.toBeInTheDocument();
    release();
    const rings = await screen.findByRole('list', { name: 'Deine Challenges' });
    expect(within(rings).getAllByRole('img')).toHaveLength(3);
    expect(document.querySelector('.rings[data-pending]')).toBeNull();
  });
});

describe('welcome panel', () => {
  it('explains the disabled Start and input; choosing a mode clears the difficulty', async () => {
    const { user } = await openChat();
    const start = screen.getByRole('button', { name: 'Start' });
    expect(start).toHaveAttribute('aria-disabled', 'true');
    expect(start).toHaveAccessibleDescription('Bitte wähle einen Modus aus');
    expect(input()).toBeDisabled();
    expect(input()).toHaveAccessibleDescription(/Bitte wähle einen Modus aus/);
    expect(screen.getByRole('link', { name: /Tipps & Tricks/ })).toHaveAttribute('href', '/app/help');
    expect(screen.getByRole('link', { name: 'Dashboard ansehen' })).toHaveAttribute('href', '/app/dashboard');

    await user.click(screen.getByRole('button', { name: /^Übung/ }));
    expect(start).toHaveAccessibleDescription('Schwierigkeit auswählen und auf Start drücken');
    await user.click(start);
    expect(screen.getByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Mittel/ }));
    expect(screen.getByRole('button', { name: /^Mittel/ })).toHaveAttribute('aria-pressed', 'true');
    expect(start).not.toHaveAttribute('aria-disabled');
    expect(input()).toHaveAccessibleDescription(/Auf Start drücken, um zu beginnen/);

    await user.click(screen.getByRole('button', { name: /^Prüfung/ }));
    expect(screen.queryByRole('button', { name: /^Mittel/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Übung/ }));
    expect(screen.getByRole('button', { name: /^Mittel/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it("preselects the mode the sidebar's 'Neuer Chat' chose", async () => {
    const { user } = await openChat();
    const sidebar = within(document.getElementById('sidebar')!);
    await user.click(sidebar.getByRole('button', { name: 'Neuer Chat' }));
    await user.click(sidebar.getByRole('menuitem', { name: /^Prüfung/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^PrüfungDrei/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'Start' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows the notice and that the built-in trainer plays the customer', async () => {
    await openChat();
    expect(screen.getByText('KIs können Fehler machen. Überprüfe wichtige Informationen.')).toBeInTheDocument();
    expect(await screen.findByText('Eingebauter Trainer (offline)')).toBeInTheDocument();
  });
});

describe('sending', () => {
  it('starts the chat with the first message (mode, difficulty, trimmed text) and streams the reply', async () => {
    const bodies = chatApi({});
    const { user } = await openChat();
    await startPractice(user);
    expect(input()).toHaveFocus();
    await user.type(input(), '   Hallo, hier ist CloudCRM   {Enter}');
    await findInLog('Hallo. Das ist mir zu teuer.');
    expect(bodies).toEqual([{ mode: 'Übung', difficulty: 1, message: 'Hallo, hier ist CloudCRM' }]);
    expect(within(log()).getByText('Hallo, hier ist CloudCRM')).toBeInTheDocument();
    expect(input()).toHaveValue('');
  });

  it('shows the reply token by token while it streams', async () => {
    const sse = controlledSse();
    staleDetail();
    server.use(http.post('/api/chat', () => sse.response()));
    const { user } = await openChat();
    await startPractice(user);
    await user.type(input(), 'Hallo{Enter}');
    expect(await findInLog('Der Kunde schreibt…')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    // a live region: screen readers hear the reply once it is complete
    const live = screen.getByRole('log', { name: 'Gesprächsverlauf' });
    expect(live).toContainElement(log());
    expect(live).toHaveAttribute('aria-busy', 'true');
    sse.push(sseEvent('token', { text: 'Hallo. ' }));
    expect(await findInLog('Hallo.')).toBeInTheDocument();
    sse.push(sseEvent('token', { text: 'Zu teuer.' }));
    expect(await findInLog('Hallo. Zu teuer.')).toBeInTheDocument();
    expect(live).toHaveAttribute('aria-busy', 'true');
    sse.push(sseEvent('done', makeAnswer({ message: 'Hallo. Zu teuer.' })));
    sse.close();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(log()).toHaveAttribute('aria-busy', 'false');
    expect(live).toHaveAttribute('aria-busy', 'false');
    expect(live).toHaveTextContent('Kunde: Hallo. Zu teuer.');
  });

  it('Enter sends, Shift+Enter makes a new line, an empty message is ignored', async () => {
    const bodies = chatApi({}, { score: makeScore(), progress: 30 });
    const { user } = await openChat();
    await startPractice(user);
    await user.type(input(), '   {Enter}');
    expect(bodies).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Senden' })).toHaveAttribute('aria-disabled', 'true');
    await user.type(input(), 'Zeile 1{Shift>}{Enter}{/Shift}Zeile 2');
    expect(input()).toHaveValue('   Zeile 1\nZeile 2');
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await findInLog('Hallo. Das ist mir zu teuer.');
    expect(bodies[0]?.message).toBe('Zeile 1\nZeile 2');
  });

  it('continues with the conversation id and shows the score of the answer', async () => {
    const bodies = chatApi({}, { message: 'Hm, erzähl mehr.', assistantMessageId: 'm-bot-2', userMessageId: 'm-user-2', progress: 30, score: makeScore() });
    const { user } = await openChat();
    await startPractice(user);
    await sendOpening(user);
    await user.type(input(), 'Ich verstehe das.{Enter}');
    await findInLog('Hm, erzähl mehr.');
    expect(bodies[1]).toEqual({ conversationId: CONVERSATION_ID, message: 'Ich verstehe das.' });
    expect(screen.getByRole('progressbar', { name: 'Einwand 1 von 1' })).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByText('Einwand in Arbeit – noch 3 Antworten')).toBeInTheDocument();
    expect(screen.getByText('Fortschritt beim Einwand: 30 %')).toBeInTheDocument();
  });

  it('shows Markdown in a preview first: Bearbeiten goes back, Senden sends', async () => {
    const bodies = chatApi({});
    const { user } = await openChat();
    await startPractice(user);
    await user.type(input(), 'Das ist **wichtig**{Enter}');
    const preview = await screen.findByRole('dialog', { name: 'Vorschau' });
    // the renderer is a chunk of its own: it may arrive after the dialog opens
    expect((await within(preview).findByText('wichtig')).tagName).toBe('STRONG');
    await user.click(within(preview).getByRole('button', { name: 'Bearbeiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toHaveLength(0);
    expect(input()).toHaveValue('Das ist **wichtig**');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Vorschau' })).getByRole('button', { name: 'Senden' }));
    await findInLog('Hallo. Das ist mir zu teuer.');
    expect(bodies[0]?.message).toBe('Das ist **wichtig**');
  });
});

describe('limits and errors', () => {
  /** Presses Start on an exam while the preflight refuses (plans for sale or not); returns the error box. */
  async function refusedStart(plansForSale: boolean, renewsOn: string) {
    server.use(
      http.get('/api/chat/preflight', () => HttpResponse.json({ allowed: false, limit: 5, used: 5, engine: 'builtin', plansForSale, renewsOn })),
    );
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: /^Prüfung/ }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    return screen.findByRole('alert');
  }

  it('refuses to start when the monthly limit is used up (preflight)', async () => {
    const box = await refusedStart(true, '2026-12-01');
    expect(box).toHaveTextContent('Monatslimit erreicht');
    expect(box).toHaveTextContent(
      'Du hast dein monatliches Chat-Limit (5) erreicht. Bitte upgrade dein Abo, um weitere Chats zu starten.',
    );
    expect(input()).toBeDisabled();
  });

  it('where no plan can be bought, the limit says when the quota renews instead of asking for an upgrade', async () => {
    const box = await refusedStart(false, '2027-01-01');
    expect(box).toHaveTextContent('Du hast dein monatliches Chat-Limit (5) erreicht. Ab dem 1. Januar 2027 kannst du wieder Chats starten.');
    expect(box).not.toHaveTextContent('upgrade');
  });

  it('a 429 limit while starting shows the error box with its details', async () => {
    server.use(
      http.post('/api/chat', () =>
        HttpResponse.json(
          { error: 'Monatslimit erreicht', details: 'Du hast dein monatliches Chat-Limit (5) erreicht. Bitte upgrade dein Abo, um weitere Chats zu starten.' },
          { status: 429 },
        ),
      ),
    );
    const { user } = await openChat();
    await startPractice(user);
    await user.type(input(), 'Hallo{Enter}');
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Monatslimit erreicht');
    expect(box).toHaveTextContent('Chat-Limit (5)');
    expect(input()).toHaveValue('Hallo');
  });

  it('a 429 limit during a chat is a 4000 ms warning toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let calls = 0;
      staleDetail();
      server.use(
        http.post('/api/chat', () => {
          calls++;
          if (calls === 1) return sseResponse([sseEvent('done', makeAnswer())]);
          return HttpResponse.json({ error: 'Monatslimit erreicht', details: 'x' }, { status: 429 });
        }),
      );
      const { user } = await openChat();
      await startPractice(user);
      await sendOpening(user);
      await user.type(input(), 'Weiter{Enter}');
      const toast = await screen.findByText('Monatslimit erreicht. Upgrade im Profil möglich.');
      expect(toast.closest('.notice')).toHaveClass('notice--warning');
      await vi.advanceTimersByTimeAsync(4_100);
      expect(screen.queryByText('Monatslimit erreicht. Upgrade im Profil möglich.')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's error text, else the fallback, with 'Neu starten'", async () => {
    server.use(http.post('/api/chat', () => HttpResponse.json({ error: 'Dieser Chat ist bereits abgeschlossen.' }, { status: 409 })));
    const { user } = await openChat();
    await startPractice(user, 'Schwer');
    await user.type(input(), 'Hallo{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Chat ist bereits abgeschlossen.');

    server.use(http.post('/api/chat', () => sseResponse([sseEvent('error', { error: '' })])));
    await user.type(input(), '{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Leider ist ein Fehler aufgetreten.'));

    await user.click(screen.getByRole('button', { name: 'Neu starten' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(within(log()).getByText(/^Übung · Schwer:/)).toBeInTheDocument();
    expect(input()).toBeEnabled();
  });

  it('asks for the score when an answer came without one, and says when that fails', async () => {
    chatApi({}, { message: 'Aha.', assistantMessageId: 'm-bot-2', userMessageId: 'm-user-2', progress: 0, score: null });
    server.use(http.post(`/api/conversations/${CONVERSATION_ID}/score`, () => HttpResponse.json({ error: '' }, { status: 500 })));
    const { user } = await openChat();
    await startPractice(user);
    await sendOpening(user);
    await user.type(input(), 'Antwort{Enter}');
    const toast = await screen.findByText('Auswertung des Scores fehlgeschlagen.');
    expect(toast.closest('.notice')).toHaveClass('notice--error');
  });
});

describe('model server unreachable', () => {
  const unreachable = 'Der KI-Kunde ist gerade nicht erreichbar. Bitte versuche es in einem Moment erneut.';

  it('the error box says the AI customer cannot be reached and when to try again; the message stays in the input', async () => {
    server.use(
      http.post('/api/chat', () =>
        HttpResponse.json(
          { code: 'customer_unreachable', error: unreachable, conversationId: CONVERSATION_ID, retryAfter: 30 },
          { status: 503, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    staleDetail();
    const { user } = await openChat();
    await startPractice(user);
    await user.type(input(), 'Hallo, hier ist CloudCRM{Enter}');
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent(unreachable);
    expect(box).toHaveTextContent('Versuche es in etwa 30 Sekunden noch einmal.');
    expect(input()).toHaveValue('Hallo, hier ist CloudCRM');

    // Sending again continues the chat the failed first message created.
    // (A resent opening message has no score; the screen asks for it.)
    const bodies = chatApi({});
    server.use(http.post(`/api/conversations/${CONVERSATION_ID}/score`, () => HttpResponse.json(makeScore())));
    await user.type(input(), '{Enter}');
    await findInLog('Hallo. Das ist mir zu teuer.');
    expect(bodies[0]).toMatchObject({ conversationId: CONVERSATION_ID, message: 'Hallo, hier ist CloudCRM' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the same when the reply breaks off mid-stream, and drops the half reply', async () => {
    staleDetail();
    let calls = 0;
    server.use(
      http.post('/api/chat', () => {
        calls++;
        if (calls === 1) return sseResponse([sseEvent('done', makeAnswer())]);
        return sseResponse([
          sseEvent('token', { text: 'Na gut, ' }),
          sseEvent('error', { code: 'customer_unreachable', error: unreachable, retryAfter: 45 }),
        ]);
      }),
    );
    const { user } = await openChat();
    await startPractice(user);
    await sendOpening(user);
    await user.type(input(), 'Wir sparen Ihnen Zeit.{Enter}');
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent(unreachable);
    expect(box).toHaveTextContent('Versuche es in etwa 45 Sekunden noch einmal.');
    expect(within(log()).queryByText(/Na gut/)).not.toBeInTheDocument();
  });

  it('shows the English text in English', async () => {
    server.use(
      http.post('/api/chat', () =>
        HttpResponse.json(
          { code: 'customer_unreachable', error: unreachable, retryAfter: 30 },
          { status: 503, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { language: 'en' } }))));
    const view = renderApp('/chat', { session: true });
    await screen.findByRole('heading', { name: 'Ready for the next level?' });
    await view.user.click(screen.getByRole('button', { name: /^Practice/ }));
    await view.user.click(screen.getByRole('button', { name: /^Easy/ }));
    await view.user.click(screen.getByRole('button', { name: 'Start' }));
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await waitFor(() => expect(box).toBeEnabled());
    await view.user.type(box, 'Hello{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The AI customer can't be reached right now. Please try again in a moment.");
    expect(alert).toHaveTextContent('Try again in about 30 seconds.');
  });
});

describe('PDF', () => {
  it('accepts only PDFs', async () => {
    const { user } = await openChat();
    await startPractice(user);
    const file = new File(['hello'], 'notizen.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('pdf-input'), { target: { files: [file] } });
    expect(await screen.findByText('Nur PDF-Dateien sind erlaubt.')).toBeInTheDocument();
  });

  it('extracts the text and sends name and text with the next message; the name shows on it', async () => {
    const bodies = chatApi({});
    const { user } = await openChat();
    await startPractice(user);
    await user.upload(screen.getByTestId('pdf-input'), new File(['%PDF-1.4'], 'produkt.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('produkt.pdf')).toBeInTheDocument();
    await user.type(input(), 'Hallo{Enter}');
    await findInLog('Hallo. Das ist mir zu teuer.');
    expect(bodies[0]).toMatchObject({ pdfName: 'produkt.pdf', pdfText: 'CloudCRM Produktblatt\n\nSeite 2' });
    expect(within(log()).getByText('produkt.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PDF „produkt.pdf“ entfernen' })).not.toBeInTheDocument();
  });
});

describe('hint popup', () => {
  async function runningPractice() {
    chatApi({}, { message: 'Gut, überzeugt.', assistantMessageId: 'm-bot-2', userMessageId: 'm-user-2', completed: true, progress: 100, score: makeScore({ totalPercent: 100, progress: 100, solved: true, completed: true }) });
    const view = await openChat();
    await startPractice(view.user);
    return view;
  }

  it('is only available in practice with a running conversation', async () => {
    chatApi({});
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: /^Prüfung/ }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(input()).toBeEnabled());
    const hint = screen.getByRole('button', { name: 'Tipp anzeigen' });
    expect(hint).toHaveAttribute('aria-disabled', 'true');
    expect(hint).toHaveAccessibleDescription('Nur im Übungsmodus verfügbar');
  });

  it('shows loading, then the editable tip; Übernehmen puts it into the input', async () => {
    let hints = 0;
    // The tip arrives when the test says so (the dialog's chunk may take longer than any fixed delay).
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(`/api/conversations/${CONVERSATION_ID}/hint`, async () => {
        hints++;
        await answered;
        return HttpResponse.json({ tip: 'Erkenne den Einwand an.' });
      }),
    );
    const { user } = await runningPractice();
    await sendOpening(user);
    await user.click(screen.getByRole('button', { name: 'Tipp anzeigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tipp für deine nächste Antwort' });
    expect(await within(dialog).findByText('Individuelle Tipps werden geladen...')).toBeInTheDocument();
    answer();
    const field = await within(dialog).findByLabelText('Tipp (bearbeitbar)');
    expect(field).toHaveValue('Erkenne den Einwand an.');
    await user.type(field, ' Und frag nach.');
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input()).toHaveValue('Erkenne den Einwand an. Und frag nach.');
    expect(hints).toBe(1);
  });

  it('says when the tip could not be loaded', async () => {
    server.use(http.post(`/api/conversations/${CONVERSATION_ID}/hint`, () => HttpResponse.json({ error: 'x' }, { status: 503 })));
    const { user } = await runningPractice();
    await sendOpening(user);
    await user.click(screen.getByRole('button', { name: 'Tipp anzeigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tipp für deine nächste Antwort' });
    expect(await within(dialog).findByText('Tipp konnte nicht geladen werden.')).toBeInTheDocument();
  });

  const PERFECT =
    'Das verstehe ich. Zum Beispiel: [ein Kundenbeispiel mit einer Zahl]. Ein Beispiel dafür: [was ein Kunde erreicht hat]. Was wäre für Sie wichtig?';
  const OWN_EXAMPLE = 'Ein Kunde mit 12 Leuten im Vertrieb spart seit März 5 Stunden pro Woche';

  /** The hint popup's 'Perfekte Antwort' (the server answers PERFECT); returns how often it was fetched. */
  function perfectApi() {
    const fetched = { count: 0 };
    server.use(
      http.post(`/api/conversations/${CONVERSATION_ID}/hint`, () => HttpResponse.json({ tip: 'Tipp' })),
      http.post(`/api/conversations/${CONVERSATION_ID}/perfect-message`, () => {
        fetched.count++;
        return HttpResponse.json({ message: PERFECT });
      }),
    );
    return fetched;
  }

  async function askPerfect(user: ReturnType<typeof renderApp>['user']) {
    await user.click(screen.getByRole('button', { name: 'Tipp anzeigen' }));
    const hint = await screen.findByRole('dialog', { name: 'Tipp für deine nächste Antwort' });
    await within(hint).findByLabelText('Tipp (bearbeitbar)');
    await user.click(within(hint).getByRole('button', { name: 'Perfekte Antwort' }));
  }

  const selected = () => {
    const el = input() as HTMLTextAreaElement;
    return el.value.slice(el.selectionStart, el.selectionEnd);
  };

  it('Perfekte Antwort puts the answer into the input with its first placeholder selected; nothing is sent', async () => {
    const bodies = chatApi({}, { message: 'Gut, überzeugt.', assistantMessageId: 'm-bot-2', userMessageId: 'm-user-2', completed: true, progress: 100, score: makeScore({ totalPercent: 100, progress: 100, solved: true, completed: true }) });
    server.use(
      http.post(`/api/conversations/${CONVERSATION_ID}/evaluation`, () =>
        HttpResponse.json({ evaluation: JSON.stringify(makeEvaluation()) }),
      ),
    );
    const fetched = perfectApi();
    const { user } = await openChat();
    await startPractice(user);
    await sendOpening(user);
    await askPerfect(user);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input()).toHaveValue(PERFECT);
    await waitFor(() => expect(input()).toHaveFocus());
    expect(selected()).toBe('[ein Kundenbeispiel mit einer Zahl]');
    expect(bodies).toHaveLength(1);
    expect(fetched.count).toBe(1);
    const status = screen.getByText(/^Platzhalter 1 von 2/);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent(
      'Platzhalter 1 von 2: ersetze den markierten Text durch dein eigenes Beispiel. Alt+N markiert den nächsten.',
    );

    // the seller writes their own examples, the second one reached with the button
    await user.keyboard(OWN_EXAMPLE);
    expect(screen.getByText(/^Offene Platzhalter: 1\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächster Platzhalter' }));
    expect(selected()).toBe('[was ein Kunde erreicht hat]');
    expect(input()).toHaveFocus();
    expect(screen.getByText(/^Platzhalter 1 von 1:/)).toBeInTheDocument();
    await user.keyboard('Das Team schreibt Angebote in 12 statt 35 Minuten');
    expect(screen.queryByRole('button', { name: 'Nächster Platzhalter' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Platzhalter/)).not.toBeInTheDocument();

    await user.keyboard('{Enter}');
    await findInLog('Gut, überzeugt.');
    expect(bodies[1]?.message).toBe(
      `Das verstehe ich. Zum Beispiel: ${OWN_EXAMPLE}. Ein Beispiel dafür: Das Team schreibt Angebote in 12 statt 35 Minuten. Was wäre für Sie wichtig?`,
    );
    expect(screen.queryByText(/enthielt noch einen Platzhalter/)).not.toBeInTheDocument();
    expect(fetched.count).toBe(1);

    // won: the completion message, input disabled, evaluation on request
    expect(within(log()).getByText('Herzlichen Glückwunsch, du hast den Kunden überzeugt')).toBeInTheDocument();
    expect(screen.getByText('Einwand gelöst – stark!')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(input()).toHaveAccessibleDescription(/Dieser Chat ist abgeschlossen./);
    await user.click(within(log()).getByRole('button', { name: 'Bewertung anfordern' }));
    const panel = await screen.findByRole('region', { name: 'Auswertung' });
    expect(within(panel).getByText('Du hast 1 von 1 Einwänden gelöst.')).toBeInTheDocument();
    const categories = within(panel).getAllByRole('button', { name: /%/ });
    expect(categories).toHaveLength(6);
    expect(categories[0]).toHaveAccessibleDescription('Kommentar zu Empathie & Zuhören');
    expect(within(panel).getByRole('heading', { name: 'Verbesserungsvorschläge:' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Top-3 Positive Punkte:' })).toBeInTheDocument();
    expect(within(panel).getByText('Du führst zum nächsten Schritt.')).toBeInTheDocument();
  });

  it('asks before the perfect answer replaces text the user typed', async () => {
    const bodies = chatApi({});
    const fetched = perfectApi();
    const { user } = await openChat();
    await startPractice(user);
    await sendOpening(user);
    await user.type(input(), 'Mein eigener Entwurf');

    await askPerfect(user);
    const ask = await screen.findByRole('dialog', { name: 'Deine Eingabe ersetzen?' });
    expect(ask).toHaveAccessibleDescription(/Im Eingabefeld steht schon Text von dir/);
    expect(within(ask).getByText(/Was wäre für Sie wichtig\?/)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input()).toHaveValue('Mein eigener Entwurf');
    expect(input()).toHaveFocus();

    await askPerfect(user);
    const again = await screen.findByRole('dialog', { name: 'Deine Eingabe ersetzen?' });
    await user.click(within(again).getByRole('button', { name: 'Ersetzen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input()).toHaveValue(PERFECT);
    await waitFor(() => expect(input()).toHaveFocus());
    expect(selected()).toBe('[ein Kundenbeispiel mit einer Zahl]');
    expect(bodies).toHaveLength(1);
    expect(fetched.count).toBe(2);
  });

  it('sends an answer with a placeholder left in, and says it counts as unfinished', async () => {
    const bodies = chatApi({}, { message: 'Hm, und weiter?', assistantMessageId: 'm-bot-2', userMessageId: 'm-user-2', score: makeScore({ totalPercent: 20, progress: 20 }) });
    perfectApi();
    const { user } = await openChat();
    await startPractice(user);
    await sendOpening(user);
    await askPerfect(user);
    await waitFor(() => expect(selected()).toBe('[ein Kundenbeispiel mit einer Zahl]'));
    await user.keyboard(OWN_EXAMPLE);
    await user.keyboard('{Enter}');
    await findInLog('Hm, und weiter?');
    expect(bodies[1]?.message).toContain('[was ein Kunde erreicht hat]');
    const toast = await screen.findByText(
      'Deine Antwort enthielt noch einen Platzhalter in eckigen Klammern und zählt daher als unfertig.',
    );
    expect(toast.closest('.notice')).toHaveClass('notice--warning');
  });

  it('shows the perfect-answer failure', async () => {
    server.use(
      http.post(`/api/conversations/${CONVERSATION_ID}/hint`, () => HttpResponse.json({ tip: 'Tipp' })),
      http.post(`/api/conversations/${CONVERSATION_ID}/perfect-message`, () => HttpResponse.error()),
    );
    const { user } = await runningPractice();
    await sendOpening(user);
    await user.click(screen.getByRole('button', { name: 'Tipp anzeigen' }));
    const hint = await screen.findByRole('dialog', { name: 'Tipp für deine nächste Antwort' });
    await user.click(within(hint).getByRole('button', { name: 'Perfekte Antwort' }));
    expect(await within(hint).findByText('Fehler beim Abrufen der Empfehlung.')).toBeInTheDocument();
  });
});

describe('evaluation and exam', () => {
  it("'Prüfung beenden' asks first, then ends the exam and shows the evaluation with its verdict; no score is shown", async () => {
    chatApi({ totalStages: 3 }, { message: 'Hm.', assistantMessageId: 'b2', userMessageId: 'u2', totalStages: 3, score: null });
    const calls: string[] = [];
    server.use(
      http.post(`/api/conversations/${CONVERSATION_ID}/finish`, () => {
        calls.push('finish');
        return HttpResponse.json({ conversation: {}, completed: true });
      }),
      http.post(`/api/conversations/${CONVERSATION_ID}/evaluation`, () => {
        calls.push('evaluation');
        return HttpResponse.json({
          evaluation: makeEvaluation({ totalPercent: 62, exam: { passed: false, passMark: 70, previousPercent: 64 } }),
        });
      }),
    );
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: /^Prüfung/ }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(input()).toBeEnabled());
    await sendOpening(user);
    await user.type(input(), 'Antwort{Enter}');
    await findInLog('Hm.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(document.querySelector('.score')).toBeNull();
    // The first click only asks; 'Weiter antworten' leaves the exam running.
    await user.click(screen.getByRole('button', { name: 'Prüfung beenden' }));
    let dialog = await screen.findByRole('dialog', { name: 'Prüfung wirklich beenden?' });
    expect(dialog).toHaveAccessibleDescription(
      'Danach kannst du in dieser Prüfung nicht mehr antworten. Die Auswertung folgt sofort.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Weiter antworten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(input()).toBeEnabled();
    // So does its close button.
    await user.click(screen.getByRole('button', { name: 'Prüfung beenden' }));
    dialog = await screen.findByRole('dialog', { name: 'Prüfung wirklich beenden?' });
    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Prüfung beenden' }));
    dialog = await screen.findByRole('dialog', { name: 'Prüfung wirklich beenden?' });
    await user.click(within(dialog).getByRole('button', { name: 'Prüfung beenden' }));
    const panel = await screen.findByRole('region', { name: 'Auswertung' });
    expect(calls).toEqual(['finish', 'evaluation']);
    expect(await within(panel).findByText('Nicht bestanden')).toBeInTheDocument();
    expect(within(panel).getByText('Bestehensgrenze: 70 %')).toBeInTheDocument();
    expect(within(panel).getByText('Letzter Versuch: 64 %')).toBeInTheDocument();
    expect(within(panel).queryByText('Bestanden')).not.toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Prüfung beenden' })).not.toBeInTheDocument();
  });

  it.each([
    ['an unreadable evaluation', () => HttpResponse.json({ evaluation: '{kaputt' }), 'Bewertung konnte nicht gelesen werden.'],
    ['a failed evaluation', () => HttpResponse.error(), 'Bewertung fehlgeschlagen.'],
  ])('says so for %s', async (_name, answer, text) => {
    chatApi({ completed: true });
    server.use(http.post(`/api/conversations/${CONVERSATION_ID}/evaluation`, answer));
    const { user } = await openChat();
    await startPractice(user);
    await sendOpening(user);
    await user.click(within(log()).getByRole('button', { name: 'Bewertung anfordern' }));
    const panel = await screen.findByRole('region', { name: 'Auswertung' });
    expect(await within(panel).findByText(text)).toBeInTheDocument();
  });
});

describe('opening a conversation from the history', () => {
  it('restores mode, stage, progress, completion, the last score and the stored evaluation', async () => {
    server.use(
      http.get('/api/conversations', () =>
        HttpResponse.json([{ ...makeDetail().conversation, title: '🚀 Preisgespräch', difficulty: 2, completed_at: '2025-06-01T10:05:00Z' }]),
      ),
      http.get(`/api/conversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeDetail({
            conversation: { ...makeDetail().conversation, difficulty: 2, completed_at: '2025-06-01T10:05:00Z' },
            messages: [
              { id: 'a', role: 'user', content: 'Hallo', isCompletion: false, created_at: '' },
              { id: 'b', role: 'system', content: 'Zur Erinnerung: Das Produkt, um das es geht, ist: CRM', isCompletion: false, created_at: '' },
              { id: 'c', role: 'assistant', content: 'Überzeugt.', isCompletion: false, created_at: '' },
              { id: 'd', role: 'system', content: 'Herzlichen Glückwunsch, du hast den Kunden überzeugt', isCompletion: true, created_at: '' },
            ],
            stage: 2,
            totalStages: 2,
            progress: 100,
            completed: true,
            score: makeScore({ stage: 2, totalStages: 2, progress: 100, totalPercent: 100, solved: true, completed: true }),
            evaluation: makeEvaluation(),
          }),
        ),
      ),
    );
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: /^🚀 Preisgespräch/ }));
    await within(await screen.findByRole('list', { name: 'Gesprächsverlauf' })).findByText('Überzeugt.');
    expect(within(log()).queryByText(/Zur Erinnerung/)).not.toBeInTheDocument();
    expect(document.querySelector('.chat__mode')).toHaveTextContent('Übung · Mittel');
    expect(screen.getByRole('progressbar', { name: 'Einwand 2 von 2' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Einwand gelöst – stark!')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Auswertung' })).toBeInTheDocument();
    expect(within(log()).queryByRole('button', { name: 'Bewertung anfordern' })).not.toBeInTheDocument();
    expect(input()).toBeDisabled();
    // the sidebar marks it
    expect(screen.getByRole('button', { name: /^🚀 Preisgespräch/ })).toHaveAttribute('aria-current', 'true');
    // user right with initials, the customer left
    expect(within(log()).getByText('Hallo').closest('li')).toHaveClass('message--human');
    expect(within(log()).getByText('AB')).toBeInTheDocument();
    expect(within(log()).getByText('Überzeugt.').closest('li')).toHaveClass('message--bot');

    await user.click(screen.getAllByRole('button', { name: 'Neuer Chat' }).at(-1)!);
    expect(await screen.findByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeInTheDocument();
  });

  it("shows a stored exam's verdict as it was made; a first exam has no previous attempt", async () => {
    const exam = makeConversation({ mode: 'Prüfung', difficulty: null, title: 'Erste Prüfung', completed_at: '2025-06-01T10:05:00Z' });
    server.use(
      http.get('/api/conversations', () => HttpResponse.json([exam])),
      http.get(`/api/conversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeDetail({
            conversation: exam,
            stage: 2,
            totalStages: 3,
            completed: true,
            evaluation: makeEvaluation({ totalPercent: 72, exam: { passed: true, passMark: 60, previousPercent: null } }),
          }),
        ),
      ),
    );
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: /^Erste Prüfung/ }));
    const panel = await screen.findByRole('region', { name: 'Auswertung' });
    expect(await within(panel).findByText('Bestanden')).toBeInTheDocument();
    expect(within(panel).getByText('Bestehensgrenze: 60 %')).toBeInTheDocument();
    expect(within(panel).queryByText(/Letzter Versuch/)).not.toBeInTheDocument();
  });

  it('offers the evaluation for a finished exam that has none yet', async () => {
    const exam = makeConversation({ mode: 'Prüfung', difficulty: null, title: 'Meine Prüfung', completed_at: '2025-06-01T10:05:00Z' });
    server.use(
      http.get('/api/conversations', () => HttpResponse.json([exam])),
      http.get(`/api/conversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeDetail({ conversation: exam, stage: 2, totalStages: 3, completed: true })),
      ),
      http.post(`/api/conversations/${CONVERSATION_ID}/evaluation`, () => HttpResponse.json({ evaluation: makeEvaluation() })),
    );
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: /^Meine Prüfung/ }));
    await user.click(await screen.findByRole('button', { name: 'Bewertung anfordern' }));
    expect(await screen.findByRole('region', { name: 'Auswertung' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bewertung anfordern' })).not.toBeInTheDocument();
  });
});
