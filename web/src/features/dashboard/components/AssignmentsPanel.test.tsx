import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApiSchemas, ChatRequest } from '../../../lib/api';
import { CONVERSATION_ID, makeAnswer, makeDetail } from '../../../testing/fixtures';
import { currentPath, renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import { sseEvent, sseResponse } from '../../../testing/sse';

const ASSIGNMENT_ID = '5d0c1f3e-2222-4c1a-9f00-0000000000a1';

function assignment(overrides: Partial<ApiSchemas['Assignment']> = {}): ApiSchemas['Assignment'] {
  return {
    id: ASSIGNMENT_ID,
    title: 'Preisgespräch üben',
    mode: 'Übung',
    difficulty: 2,
    family: 'price',
    scenarioId: null,
    productDescription: '',
    dueAt: '2026-12-01T16:00:00Z',
    createdAt: '2026-11-20T09:00:00Z',
    wholeTeam: false,
    mine: { userId: 'u', displayName: 'Ann', status: 'open', doneAt: null, conversationId: null, score: null },
    ...overrides,
  };
}

describe("dashboard 'Aufgaben'", () => {
  it('is not shown without assignments', async () => {
    renderApp('/dashboard', { session: true });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 15000 });
    await screen.findByRole('heading', { name: 'Challenges', level: 2 });
    expect(screen.queryByRole('heading', { name: 'Aufgaben' })).not.toBeInTheDocument();
  });

  it('lists open and done assignments with status and exam score, and starts one with one click: the first message sends assignmentId', { timeout: 60_000 }, async () => {
    const bodies: ChatRequest[] = [];
    server.use(
      http.get('/api/me/assignments', () =>
        HttpResponse.json({
          assignments: [
            assignment(),
            assignment({
              id: '5d0c1f3e-2222-4c1a-9f00-0000000000a2',
              title: 'Abschlussprüfung',
              mode: 'Prüfung',
              difficulty: 3,
              mine: { userId: 'u', displayName: 'Ann', status: 'done', doneAt: '2026-11-21T10:00:00Z', conversationId: CONVERSATION_ID, score: 82 },
            }),
          ],
        }),
      ),
      http.post('/api/chat', async ({ request }) => {
        bodies.push((await request.json()) as ChatRequest);
        return sseResponse([sseEvent('done', makeAnswer({ message: 'Das ist mir zu teuer.' }))]);
      }),
      http.get(`/api/conversations/${CONVERSATION_ID}`, () => HttpResponse.json(makeDetail())),
    );
    const { user } = renderApp('/dashboard', { session: true });
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 15000 });
    const card = within(await screen.findByRole('region', { name: 'Aufgaben' }));
    expect(card.getByText('Preisgespräch üben')).toBeInTheDocument();
    expect(card.getByText('Offen')).toBeInTheDocument();
    expect(card.getByText('Erledigt · Ergebnis 82 %')).toBeInTheDocument();
    // a done assignment has nothing to start
    expect(card.getAllByRole('button')).toHaveLength(1);

    await user.click(card.getByRole('button', { name: 'Aufgabe „Preisgespräch üben“ starten' }));
    await screen.findByRole('heading', { name: 'Bereit für das nächste Level?' }, { timeout: 15000 });
    expect(currentPath()).toBe('/chat');
    await waitFor(() => expect(screen.getByRole('button', { name: /^Übung/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: /^Mittel/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const input = screen.getByRole('textbox', { name: 'Deine Nachricht' });
    await waitFor(() => expect(input).toBeEnabled());
    await user.type(input, 'Guten Tag, hier ist CloudCRM{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ mode: 'Übung', difficulty: 2, assignmentId: ASSIGNMENT_ID, message: 'Guten Tag, hier ist CloudCRM' });
  });
});
