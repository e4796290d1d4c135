import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Evaluation } from '../../../lib/api';
import { I18nProvider } from '../../../lib/i18n';
import { storeLanguage } from '../../../lib/i18n/i18n';
import { EvaluationPanel } from './EvaluationPanel';

const wrap = (ui: ReactNode) => render(<I18nProvider>{ui}</I18nProvider>);

const evaluation: Evaluation = {
  intro: 'Solide Runde.',
  scores: [{ category: 'Empathie & Zuhören', score: 70, comment: 'Gut zugehört.' }],
  improvements: [],
  top_points: [],
  totalPercent: 70,
};

const panel = (ev: Evaluation, engine: 'openai' | 'builtin' = 'openai') => (
  <EvaluationPanel evaluation={ev} status="idle" error={null} onRetry={() => undefined} engine={engine} />
);

describe('evaluation panel', () => {
  it('says when the built-in trainer stood in for the model to evaluate the chat', () => {
    const { unmount } = wrap(panel({ ...evaluation, source: 'builtin' }));
    expect(screen.getByText('Bewertet vom eingebauten Trainer')).toBeVisible();
    unmount();

    // The model evaluated; or the trainer is the chat's engine, which the chat says already.
    const { unmount: again } = wrap(panel({ ...evaluation, source: 'model' }));
    expect(screen.getByText('Solide Runde.')).toBeVisible();
    expect(screen.queryByText('Bewertet vom eingebauten Trainer')).not.toBeInTheDocument();
    again();
    wrap(panel({ ...evaluation, source: 'builtin' }, 'builtin'));
    expect(screen.getByText('Solide Runde.')).toBeVisible();
    expect(screen.queryByText('Bewertet vom eingebauten Trainer')).not.toBeInTheDocument();
  });

  it("links to 'Mein Fortschritt' once the evaluation is there", () => {
    const { unmount } = wrap(<EvaluationPanel evaluation={null} status="loading" error={null} onRetry={() => undefined} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    unmount();
    wrap(panel(evaluation));
    expect(screen.getByRole('link', { name: 'Deinen Fortschritt ansehen' })).toHaveAttribute('href', '/progress');
  });

  it('says it in English too', () => {
    storeLanguage('en');
    wrap(panel({ ...evaluation, source: 'builtin' }));
    expect(screen.getByText('Scored by the built-in trainer')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your progress' })).toBeInTheDocument();
  });
});
