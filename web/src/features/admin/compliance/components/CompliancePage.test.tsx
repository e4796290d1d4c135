import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screen } from '../../../../testing/render';
import { server } from '../../../../testing/server';
import { renderAdmin } from '../../shared/testing';

const figures = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

describe('admin compliance', () => {
  it('counts terms acceptance by version and the consent audit of the last 30 days, by version and by type', async () => {
    server.use(
      http.get('/api/admin/compliance', () =>
        HttpResponse.json({
          terms: { v1: 12, v2: 1480, other: 0, without: 3 },
          audit: { days: 30, total: 95, v1: 1, v2: 94, terms: 80, withdrawalWaiver: 15 },
        }),
      ),
    );
    renderAdmin('/compliance');
    await screen.findByRole('heading', { name: 'Compliance', level: 1 });
    expect(screen.getByText('Lade...')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Nutzungsbedingungen akzeptiert' });
    expect(figures('Nutzungsbedingungen akzeptiert')).toEqual([
      ['Version 1', '12'],
      ['Version 2', '1.480'],
      ['Andere Version', '0'],
      ['Nicht akzeptiert', '3'],
    ]);
    expect(screen.getByText('Erteilte Einwilligungen der letzten 30 Tage.')).toBeInTheDocument();
    expect(figures('Einwilligungsprotokoll')).toEqual([
      ['Gesamt', '95'],
      ['Version 1', '1'],
      ['Version 2', '94'],
      ['Nutzungsbedingungen', '80'],
      ['Verzicht auf Widerrufsrecht', '15'],
    ]);
  });

  it('lists orphaned PayPal subscriptions: cancelled ones with the time, failed ones with the cause; none in words', async () => {
    server.use(
      http.get('/api/admin/compliance', () =>
        HttpResponse.json({
          terms: { v1: 0, v2: 1, other: 0, without: 0 },
          audit: { days: 30, total: 0, v1: 0, v2: 0, terms: 0, withdrawalWaiver: 0 },
          orphanedSubscriptions: [
            { paypalId: 'I-ORPHAN1', userId: 'u1', planId: 'P-PLUS', plan: 'plus', via: 'webhook', reason: 'Konto gelöscht',
              cancelled: true, cancelledAt: '2026-11-20T10:05:00Z', error: '', recordedAt: '2026-11-20T10:04:00Z' },
            { paypalId: 'I-ORPHAN2', userId: 'u2', planId: 'P-ELITE', plan: 'elite', via: 'confirm', reason: 'Konto gelöscht',
              cancelled: false, cancelledAt: null, error: 'PayPal antwortete 503', recordedAt: '2026-11-21T08:00:00Z' },
          ],
        }),
      ),
    );
    renderAdmin('/compliance');
    const table = await screen.findByRole('table', { name: 'Verwaiste PayPal-Abos' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows[0]?.[1]).toBe('I-ORPHAN1');
    expect(rows[0]?.[3]).toMatch(/^Bei PayPal gekündigt \(20\.11\.2026/);
    expect(rows[1]?.[1]).toBe('I-ORPHAN2');
    expect(rows[1]?.[3]).toBe('Kündigung noch nicht angenommen: PayPal antwortete 503');
  });

  it('says when there are no orphaned subscriptions', async () => {
    server.use(
      http.get('/api/admin/compliance', () =>
        HttpResponse.json({
          terms: { v1: 0, v2: 1, other: 0, without: 0 },
          audit: { days: 30, total: 0, v1: 0, v2: 0, terms: 0, withdrawalWaiver: 0 },
          orphanedSubscriptions: [],
        }),
      ),
    );
    renderAdmin('/compliance');
    expect(await screen.findByText('Keine verwaisten Abos.')).toBeInTheDocument();
  });

  it("shows the error's message", async () => {
    server.use(http.get('/api/admin/compliance', () => HttpResponse.json({ error: 'Keine Berechtigung.' }, { status: 403 })));
    renderAdmin('/compliance');
    expect(await screen.findByRole('alert')).toHaveTextContent('Keine Berechtigung.');
  });

  it("falls back to 'Fehler beim Laden der Compliance-Metriken'", async () => {
    server.use(http.get('/api/admin/compliance', () => new HttpResponse('oops', { status: 500 })));
    renderAdmin('/compliance');
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Laden der Compliance-Metriken');
  });
});
