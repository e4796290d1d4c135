import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('kaputt');
}

describe('ErrorBoundary', () => {
  it('shows the apology text instead of a broken screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nProvider>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Entschuldigung, hier ist ein Fehler aufgetreten.');
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
  });
});
