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
