import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAuthUser, makeMe, makeStoredSession } from '../../../testing/fixtures';
import { renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import { daysAgo, deHover, hoursAgo, minutesAgo } from '../../../testing/time';

type Body = Record<string, unknown>;

/** POST /api/feedback answering 201 and recording what was sent and whether a token came along. */
function recordSubmissions() {
  const sent: { body: Body; auth: string | null }[] = [];
  server.use(
    http.post('/api/feedback', async ({ request }) => {
      const body = (await request.json()) as Body;
      sent.push({ body, auth: request.headers.get('Authorization') });
      return HttpResponse.json(
        { id: 'f-new', type: body.type, subject: body.subject, message: body.message, status: 'erhalten', created_at: '2025-06-03T10:00:00Z' },
        { status: 201 },
      );
    }),
  );
  return sent;
}

async function openFeedback(signedIn = true) {
  const view = renderApp('/feedback', signedIn ? { session: true } : {});
  await screen.findByRole('heading', { name: 'Feedback', level: 1 });
  return view;
}

const form = () => within(screen.getByRole('form', { name: 'Feedback senden' }));

describe('feedback page', () => {
  it('offers three categories, subject, message and the direct-contact block', async () => {
    await openFeedback();
    const radios = form().getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['general', 'bug', 'feature']);
    expect(form().getByRole('radio', { name: 'Allgemein' })).toBeChecked();
    expect(form().getByRole('radio', { name: 'Fehler' })).toHaveAccessibleDescription('Etwas funktioniert nicht');
    expect(form().getByRole('radio', { name: 'Funktionswunsch' })).not.toBeChecked();
    expect(form().getByLabelText('Betreff')).toHaveValue('');
    expect(form().getByLabelText('Nachricht')).toHaveValue('');
    expect(form().queryByLabelText('E-Mail-Adresse')).not.toBeInTheDocument();
    const contact = within(screen.getByRole('region', { name: 'Direkter Kontakt' }));
    expect(contact.getByText('E-Mail-Support')).toBeInTheDocument();
  });

  it("says 'Nachricht darf nicht leer sein' at the message field and sends nothing", async () => {
    const sent = recordSubmissions();
    const { user } = await openFeedback();
    await user.type(form().getByLabelText('Betreff'), 'Nur ein Betreff');
    await user.type(form().getByLabelText('Nachricht'), '   ');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    const message = form().getByLabelText('Nachricht');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription('Nachricht darf nicht leer sein');
    expect(message).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it("sends category, subject and message, says 'Danke für dein Feedback!' and clears the form", async () => {
    const sent = recordSubmissions();
    let lists = 0;
    server.use(
      http.get('/api/feedback', () => {
        lists++;
        return HttpResponse.json([]);
      }),
    );
    const { user } = await openFeedback();
    await waitFor(() => expect(lists).toBe(1));
    await user.click(form().getByRole('radio', { name: 'Fehler' }));
    await user.type(form().getByLabelText('Betreff'), 'Button hängt');
    await user.type(form().getByLabelText('Nachricht'), '  Der Start-Button reagiert nicht.  ');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    const thanks = await form().findByText('Danke für dein Feedback!');
    expect(thanks.closest('[role="status"]')).not.toBeNull();
    expect(sent).toEqual([
      {
        body: { type: 'bug', subject: 'Button hängt', message: 'Der Start-Button reagiert nicht.' },
        auth: 'Bearer access-1',
      },
    ]);
    expect(form().getByLabelText('Betreff')).toHaveValue('');
    expect(form().getByLabelText('Nachricht')).toHaveValue('');
    expect(form().getByRole('radio', { name: 'Allgemein' })).toBeChecked();
    // the own list is asked again
    await waitFor(() => expect(lists).toBe(2));
  });

  it('shows progress while sending', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/api/feedback', async () => {
        await gate;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = await openFeedback();
    await user.type(form().getByLabelText('Nachricht'), 'Hallo');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    const busy = await form().findByRole('button', { name: 'Wird gesendet…' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('form', { name: 'Feedback senden' })).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText('Danke für dein Feedback!')).toBeInTheDocument();
    expect(form().getByRole('button', { name: 'Feedback senden' })).toBeEnabled();
  });

  it("shows the server's error text and its field errors, and keeps the input", async () => {
    server.use(
      http.post('/api/feedback', () =>
        HttpResponse.json(
          {
            error: 'Der Betreff darf höchstens 200 Zeichen lang sein.',
            fields: { subject: 'Der Betreff darf höchstens 200 Zeichen lang sein.' },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openFeedback();
    await user.type(form().getByLabelText('Betreff'), 'Betreff');
    await user.type(form().getByLabelText('Nachricht'), 'Text');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Betreff darf höchstens 200 Zeichen lang sein.');
    expect(form().getByLabelText('Betreff')).toHaveAccessibleDescription(
      'Der Betreff darf höchstens 200 Zeichen lang sein.',
    );
    expect(form().getByLabelText('Nachricht')).toHaveValue('Text');
  });

  it("falls back to 'Fehler beim Senden des Feedbacks' without a server text", async () => {
    server.use(http.post('/api/feedback', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })));
    const { user } = await openFeedback();
    await user.type(form().getByLabelText('Nachricht'), 'Text');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Senden des Feedbacks');
  });

  it("says the client's message when the server cannot be reached", async () => {
    server.use(http.post('/api/feedback', () => HttpResponse.error()));
    const { user } = await openFeedback();
    await user.type(form().getByLabelText('Nachricht'), 'Text');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Keine Verbindung zum Server. Bitte versuche es erneut.',
    );
  });

  it("'Zurücksetzen' clears the fields and the messages", async () => {
    server.use(
      http.post('/api/feedback', () => HttpResponse.json({ error: 'Zu viele Versuche. Bitte warte einen Moment.' }, { status: 429 })),
    );
    const { user } = await openFeedback();
    await user.click(form().getByRole('radio', { name: 'Funktionswunsch' }));
    await user.type(form().getByLabelText('Betreff'), 'Idee');
    await user.type(form().getByLabelText('Nachricht'), 'Dunkler Modus');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zu viele Versuche. Bitte warte einen Moment.');
    await user.click(form().getByRole('button', { name: 'Zurücksetzen' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(form().getByLabelText('Betreff')).toHaveValue('');
    expect(form().getByLabelText('Nachricht')).toHaveValue('');
    expect(form().getByRole('radio', { name: 'Allgemein' })).toBeChecked();
  });
});

describe('feedback page, signed out', () => {
  it('asks for an e-mail (required) and a name, and sends them without a token', async () => {
    const sent = recordSubmissions();
    let lists = 0;
    server.use(
      http.get('/api/feedback', () => {
        lists++;
        return HttpResponse.json([]);
      }),
    );
    const { user } = await openFeedback(false);
    expect(screen.queryByRole('region', { name: 'Deine letzten Einsendungen' })).not.toBeInTheDocument();
    const email = form().getByLabelText('E-Mail-Adresse');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await user.type(form().getByLabelText('Nachricht'), 'Gefällt mir');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Bitte gib deine E-Mail-Adresse ein.'));
    expect(email).toHaveFocus();
    await user.type(email, 'kein-at');
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Bitte gib eine gültige E-Mail-Adresse an.'));
    await user.clear(email);
    await user.type(email, 'besuch@example.com');
    await user.type(form().getByLabelText('Name (optional)'), 'Bea Besuch');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    expect(await screen.findByText('Danke für dein Feedback!')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { type: 'general', subject: '', message: 'Gefällt mir', email: 'besuch@example.com', name: 'Bea Besuch' },
        auth: null,
      },
    ]);
    expect(email).toHaveValue('');
    expect(lists).toBe(0);
  });

  it("shows the server's e-mail field error", async () => {
    server.use(
      http.post('/api/feedback', () =>
        HttpResponse.json(
          {
            error: 'Bitte gib eine gültige E-Mail-Adresse an.',
            fields: { email: 'Bitte gib eine gültige E-Mail-Adresse an.' },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openFeedback(false);
    await user.type(form().getByLabelText('E-Mail-Adresse'), 'bea@example.com');
    await user.type(form().getByLabelText('Nachricht'), 'Text');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte gib eine gültige E-Mail-Adresse an.');
    expect(form().getByLabelText('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('feedback page in English', () => {
  it('labels categories, fields and buttons in English', async () => {
    window.localStorage.setItem('sc.lang', 'en');
    renderApp('/feedback');
    const english = within(await screen.findByRole('form', { name: 'Send feedback' }));
    expect(english.getAllByRole('radio')).toHaveLength(3);
    for (const name of ['General', 'Bug', 'Feature request']) expect(english.getByRole('radio', { name })).toBeInTheDocument();
    expect(english.getByLabelText('Email address')).toBeRequired();
    expect(english.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    expect(screen.getByText('Email support')).toBeInTheDocument();
  });
});

describe('feedback page, a guest', () => {
  it('may give an e-mail', async () => {
    const sent = recordSubmissions();
    server.use(http.get('/api/me', () => HttpResponse.json(makeMe({ user: { email: '', is_anonymous: true } }))));
    const { user } = renderApp('/feedback', {
      session: makeStoredSession({ user: makeAuthUser({ email: '', is_anonymous: true, identities: [] }) }),
    });
    await screen.findByRole('heading', { name: 'Feedback', level: 1 });
    const email = form().getByLabelText('E-Mail-Adresse (optional)');
    expect(email).not.toBeRequired();
    await user.type(form().getByLabelText('Nachricht'), 'Ohne Adresse');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    await screen.findByText('Danke für dein Feedback!');
    await user.type(email, 'gast@example.com');
    await user.type(form().getByLabelText('Nachricht'), 'Mit Adresse');
    await user.click(form().getByRole('button', { name: 'Feedback senden' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => s.body)).toEqual([
      { type: 'general', subject: '', message: 'Ohne Adresse' },
      { type: 'general', subject: '', message: 'Mit Adresse', email: 'gast@example.com' },
    ]);
  });
});

describe('own submissions', () => {
  const own = () => within(screen.getByRole('region', { name: 'Deine letzten Einsendungen' }));

  it("says 'Noch kein Feedback eingereicht.'", async () => {
    await openFeedback();
    expect(await own().findByText('Noch kein Feedback eingereicht.')).toBeInTheDocument();
  });

  it('lists them with type and the status labels Erhalten, In Bearbeitung and Bearbeitet', async () => {
    server.use(
      http.get('/api/feedback', () =>
        HttpResponse.json([
          { id: 'f3', subject: 'Dunkler Modus', type: 'feature', status: 'erhalten', created_at: minutesAgo(5) },
          { id: 'f2', subject: 'Button hängt', type: 'bug', status: 'in_bearbeitung', created_at: hoursAgo(1) },
          { id: 'f1', subject: '', type: 'general', status: 'bearbeitet', created_at: daysAgo(2) },
        ]),
      ),
    );
    await openFeedback();
    const items = await own().findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Dunkler ModusErhaltenFunktionswunsch · vor 5 Minuten',
      'Button hängtIn BearbeitungFehler · vor 1 Stunde',
      '(ohne Betreff)BearbeitetAllgemein · vor 2 Tagen',
    ]);
    // the exact time on hover and for machines
    const time = within(items[0]!).getByText('vor 5 Minuten');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', deHover(time.getAttribute('datetime') ?? ''));
  });

  it('says when the list cannot be loaded', async () => {
    server.use(http.get('/api/feedback', () => HttpResponse.json({ error: 'x' }, { status: 500 })));
    await openFeedback();
    expect(await own().findByRole('alert')).toHaveTextContent('Deine Einsendungen konnten nicht geladen werden.');
  });

  it("refetches on the live change 'feedback' (an admin set the status)", async () => {
    const encoder = new TextEncoder();
    let push: ((text: string) => void) | null = null;
    let status = 'erhalten';
    server.use(
      http.get('/api/feedback', () =>
        HttpResponse.json([{ id: 'f1', subject: 'Frage', type: 'general', status, created_at: '2025-06-01T10:00:00Z' }]),
      ),
      http.get('/api/realtime', ({ request }) => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
            push = (text) => controller.enqueue(encoder.encode(text));
            request.signal.addEventListener('abort', () => {
              try {
                controller.close();
              } catch {
                // closed
              }
            });
          },
        });
        return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    await openFeedback();
    expect(await own().findByText('Erhalten')).toBeInTheDocument();
    await waitFor(() => expect(push).not.toBeNull());
    status = 'bearbeitet';
    push!(`event: change\ndata: ${JSON.stringify({ type: 'feedback', op: 'update', id: 'f1' })}\n\n`);
    expect(await own().findByText('Bearbeitet')).toBeInTheDocument();
  });
});
