import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// A fresh module graph without the test set-up's registrations: the app as a
// browser starts it, with only the core texts.
describe('a text of a part not loaded yet', () => {
  it('loads the part and re-renders with the text', async () => {
    vi.resetModules();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { I18nProvider, useT } = await import('./index');
    const { hasMessage } = await import('./catalogues');
    expect(hasMessage('dashboard.registrations')).toBe(false);
    function Label() {
      const t = useT();
      return <p data-testid="label">{t('dashboard.registrations')}</p>;
    }
    render(
      <I18nProvider>
        <Label />
      </I18nProvider>,
    );
    expect(screen.getByTestId('label')).toHaveTextContent('');
    expect(await screen.findByText('Registrierungen')).toBeInTheDocument();
    expect(hasMessage('dashboard.registrations')).toBe(true);
  });
});
