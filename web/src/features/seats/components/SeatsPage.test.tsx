import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { SeatsRoute } from '../../../app/screens';
import { renderApp, screen } from '../../../testing/render';
import { server } from '../../../testing/server';
import { approvalTarget, type Seats } from '../api/seats';

const OWNER = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';

function makeSeats(overrides: Partial<Seats> = {}): Seats {
  return {
    quantity: 0,
    assigned: 0,
    status: '',
    configured: true,
    pricePerSeat: 25,
    maxSeats: 1000,
    subscriptionId: '',
    pendingQuantity: 0,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    members: [
      { userId: OWNER, displayName: 'Anna Inhaber', email: 'anna@example.com', role: 'owner', seat: false },
      { userId: BEN, displayName: 'Ben Mitglied', email: 'ben@example.com', role: 'member', seat: false },
    ],
    ...overrides,
  };
}

const ACTIVE = makeSeats({ quantity: 3, status: 'ACTIVE', subscriptionId: 'I-TEAM' });

/** The seat endpoints on `seats`; returns the requests' bodies by name. */
function seatsApi(initial: Seats) {
  let current = initial;
  const bodies: Record<string, unknown[]> = {};
  const record = async (name: string, request: Request) => {
    const text = await request.text();
    (bodies[name] ??= []).push(text ? JSON.parse(text) : null);
  };
  server.use(
    http.get('/api/team/seats', () => HttpResponse.json(current)),
    http.post('/api/team/seats', async ({ request }) => {
      await record('buy', request);
      return HttpResponse.json({ approveUrl: 'javascript:alert(1)' }, { status: 201 });
    }),
    http.post('/api/team/seats/confirm', async ({ request }) => {
      await record('confirm', request);
      current = ACTIVE;
      return HttpResponse.json(current);
    }),
    http.put('/api/team/members/:id/seat', ({ params }) => {
      current = {
        ...current,
        assigned: current.assigned + 1,
        members: current.members.map((m) => (m.userId === params.id ? { ...m, seat: true } : m)),
      };
      return HttpResponse.json(current);
    }),
  );
  return bodies;
}

describe("'Plätze'", () => {
  // The screen's chunk loads once, before the first test renders it.
  beforeAll(() => SeatsRoute.preload());

  it('buys seats: the number and its price, posted as {quantity}; a link that is no web address is not followed', async () => {
    const bodies = seatsApi(makeSeats());
    const { user } = renderApp('/team/seats', { session: true });
    await screen.findByRole('heading', { name: 'Plätze', level: 1 });
    expect(await screen.findByText('Dein Team hat noch keine Plätze.')).toBeInTheDocument();
    const quantity = screen.getByLabelText('Anzahl der Plätze');
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.getByText('75 € / Monat')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Plätze kaufen' }));
    expect(await screen.findByText('Team-Abo fehlgeschlagen. Bitte später erneut versuchen.')).toBeInTheDocument();
    expect(bodies.buy).toEqual([{ quantity: 3 }]);

    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(screen.getByRole('button', { name: 'Plätze kaufen' }));
    expect(await screen.findByText('Bitte gib eine Anzahl von 1 bis 1000 Plätzen an.')).toBeInTheDocument();
    expect(bodies.buy).toHaveLength(1);
  });

  it('back from PayPal it confirms the subscription, then assigns a seat to a member', async () => {
    const bodies = seatsApi(makeSeats());
    const { user } = renderApp('/team/seats?paypal=approved&subscription_id=I-TEAM', { session: true });
    expect(await screen.findByText('0 von 3 Plätzen vergeben · aktiv')).toBeInTheDocument();
    expect(bodies.confirm).toEqual([{ subscriptionID: 'I-TEAM' }]);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.getByLabelText('Neue Anzahl der Plätze')).toHaveValue(3);

    const table = within(screen.getByRole('table'));
    await user.click(table.getByRole('button', { name: 'Platz zuweisen: Ben Mitglied' }));
    expect(await table.findByRole('button', { name: 'Platz entziehen: Ben Mitglied' })).toBeInTheDocument();
    expect(screen.getByText('1 von 3 Plätzen vergeben · aktiv')).toBeInTheDocument();
  });

  it("shows the server's answer to anyone but the owner", async () => {
    server.use(
      http.get('/api/team/seats', () =>
        HttpResponse.json({ code: 'team_owner_only', error: 'Das darf nur der Inhaber des Teams.' }, { status: 403 }),
      ),
    );
    renderApp('/team/seats', { session: true });
    expect(await screen.findByText('Das darf nur der Inhaber des Teams.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Plätze kaufen' })).not.toBeInTheDocument();
  });

  it('follows only http and https approval links', () => {
    expect(approvalTarget('https://www.paypal.com/checkoutnow?token=1')).toBe('https://www.paypal.com/checkoutnow?token=1');
    expect(approvalTarget('javascript:alert(1)')).toBeNull();
    expect(approvalTarget('not a url')).toBeNull();
  });
});
