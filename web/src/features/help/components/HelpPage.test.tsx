import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, screen } from '../../../testing/render';

describe('help page', () => {
  it('has the quick start, the feature cards, the levels, the XP table, the scoring and the pro tips', async () => {
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Hilfe & Anleitung', level: 1 })).toBeInTheDocument();
    // The title is set in an effect, which may run after the heading shows.
    await waitFor(() => expect(document.title).toBe('Hilfe & Anleitung – Sales Coach'));

    const quick = within(screen.getByRole('region', { name: 'Schnellstart' }));
    expect(quick.getAllByRole('listitem')).toHaveLength(3);
    expect(quick.getByText('Neuen Chat starten')).toBeInTheDocument();
    expect(quick.getByText('Challenge nach Level wählen')).toBeInTheDocument();
    expect(quick.getByText('Trainieren und XP sammeln')).toBeInTheDocument();

    const features = within(screen.getByRole('region', { name: 'Funktionen' }));
    expect(features.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Übungsmodus',
      'Prüfungsmodus',
      'Leistung verfolgen',
      'Smarte Vorschläge',
    ]);
    expect(features.getByText(/Glühbirne/)).toBeInTheDocument();
    expect(features.getByText(/Dashboard/)).toBeInTheDocument();

    const levels = within(screen.getByRole('region', { name: 'Das Level-System' }));
    expect(levels.getByText('Level 1–3')).toBeInTheDocument();
    expect(levels.getByText('Einsteiger')).toBeInTheDocument();
    expect(levels.getByText('Level 4–9')).toBeInTheDocument();
    expect(levels.getByText('Fortgeschritten')).toBeInTheDocument();
    expect(levels.getByText('Level 10+')).toBeInTheDocument();
    expect(levels.getByText('Experte')).toBeInTheDocument();
    expect(levels.getByText(/XP kommen aus allen Aktivitäten/)).toBeInTheDocument();
    const table = levels.getByRole('table', { name: 'So viele XP bringt jede Aktivität' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Nachricht im Chat (höchstens 20 pro Chat)', '2'],
      ['Einwand gelöst', '25'],
      ['Übungs-Chat gewonnen', '50 × Schwierigkeit (Leicht 1, Mittel 2, Schwer 3)'],
      ['Prüfung beendet', 'Prozent der Auswertung (0–100), ab 70 % plus 100'],
      ['Erste Aktivität des Tages (Streak)', '10'],
      ['Feedback gesendet', '5'],
    ]);

    const scoring = within(screen.getByRole('region', { name: 'Wie du bewertet wirst' }));
    for (const name of [
      'Empathie & Zuhören',
      'Fragetechnik',
      'Nutzenargumentation',
      'Einwandbehandlung',
      'Abschlussorientierung',
      'Sprache & Tonalität',
      'Einwand anerkennen',
      'Rückfrage stellen',
      'Nutzen fürs Produkt',
      'Beleg / Beispiel',
      'Nächster Schritt',
      'Passende Anrede',
      'Ton & Länge',
    ]) {
      expect(scoring.getByText(name)).toBeInTheDocument();
    }

    const tips = within(screen.getByRole('region', { name: 'Profi-Tipps' }));
    expect(tips.getAllByRole('listitem')).toHaveLength(5);
    expect(tips.getByText(/15 Minuten/)).toBeInTheDocument();
    expect(tips.getByText(/Ziele/)).toBeInTheDocument();
    expect(tips.getByText(/Feedback/)).toBeInTheDocument();
    expect(tips.getByText(/Szenarien/)).toBeInTheDocument();
    expect(tips.getByText(/Pausen/)).toBeInTheDocument();
  });

  it('is in English for an English visitor', async () => {
    window.localStorage.setItem('sc.lang', 'en');
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Help & guide', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pro tips' })).toBeInTheDocument();
  });
});
