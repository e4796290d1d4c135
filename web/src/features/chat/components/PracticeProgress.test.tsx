import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Score } from '../../../lib/api';
import { I18nProvider } from '../../../lib/i18n';
import { storeLanguage } from '../../../lib/i18n/i18n';
import { PracticeProgress } from './PracticeProgress';

const wrap = (ui: ReactNode) => render(<I18nProvider>{ui}</I18nProvider>);

const techniques: Score['techniques'] = [
  { key: 'acknowledge', label: 'Einwand anerkennen', shown: true, reason: 'Du gehst auf die Sorge ein.' },
  { key: 'question', label: 'Rückfrage stellen', shown: false, reason: 'Es fehlt eine Rückfrage.' },
];

describe('practice progress and score', () => {
  it('shows the bar "Einwand n von m" in six steps', () => {
    wrap(<PracticeProgress stage={2} totalStages={3} progress={50} score={null} />);
    const bar = screen.getByRole('progressbar', { name: 'Einwand 2 von 3' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar.querySelectorAll('.steps__step')).toHaveLength(6);
    expect(bar.querySelectorAll('.steps__step--done')).toHaveLength(3);
    expect(screen.queryByText(/Einwand (gelöst|fast|in Arbeit)/)).not.toBeInTheDocument();
  });

  it('shows the score "Einwand N von M" with the percentage and "noch N Antworten"', () => {
    wrap(
      <PracticeProgress
        stage={1}
        totalStages={2}
        progress={30}
        score={{ totalPercent: 30, answerScore: 50, stage: 1, totalStages: 2, progress: 30, solved: false, completed: false, techniques }}
      />,
    );
    expect(screen.getByText('Einwand in Arbeit – noch 3 Antworten')).toBeInTheDocument();
    const line = screen.getByText('Fortschritt beim Einwand: 30 %').closest('p')!;
    expect(within(line).getByText('Einwand 1 von 2')).toBeInTheDocument();
  });

  it('shows the move the moment called for, made or not, with its reason, and announces it', () => {
    const score: Score = {
      totalPercent: 50,
      answerScore: 92,
      stage: 1,
      totalStages: 2,
      progress: 50,
      solved: false,
      completed: false,
      techniques,
      move: { expected: 'explore', made: true, reason: 'Jetzt war Nachfragen dran – gut gemacht.' },
    };
    const { rerender } = wrap(<PracticeProgress stage={1} totalStages={2} progress={50} score={score} />);
    const line = screen.getByText('Jetzt dran: Nachfragen').closest('p')!;
    expect(line).toHaveClass('score__move--made');
    expect(within(line).getByText('geschafft:')).toBeInTheDocument();
    expect(within(line).getByText('Jetzt war Nachfragen dran – gut gemacht.')).toBeVisible();
    expect(screen.getByTestId('score-announcement')).toHaveTextContent('Jetzt war Nachfragen dran – gut gemacht.');
    const missed: Score = { ...score, move: { expected: 'respond', made: false, reason: 'Offen ist noch: die Kosten.' } };
    rerender(
      <I18nProvider>
        <PracticeProgress stage={1} totalStages={2} progress={50} score={missed} />
      </I18nProvider>,
    );
    const again = screen.getByText('Jetzt dran: auf sein Anliegen eingehen').closest('p')!;
    expect(again).toHaveClass('score__move--missed');
    expect(within(again).getByText('noch nicht:')).toBeInTheDocument();
  });

  it('says "fast gelöst" when one answer at this pace is enough', () => {
    wrap(
      <PracticeProgress
        stage={1}
        totalStages={1}
        progress={53}
        score={{ totalPercent: 53, answerScore: 88, stage: 1, totalStages: 1, progress: 53, solved: false, completed: false, techniques }}
      />,
    );
    expect(screen.getByText('Einwand fast gelöst – eine Antwort fehlt noch')).toBeInTheDocument();
  });

  it('says "gelöst – stark!" and names the solved objection after the chat moved on', () => {
    wrap(
      <PracticeProgress
        stage={2}
        totalStages={3}
        progress={0}
        score={{ totalPercent: 100, answerScore: 95, stage: 2, totalStages: 3, progress: 0, solved: true, completed: false, techniques }}
      />,
    );
    expect(screen.getByText('Einwand gelöst – stark!')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Einwand 2 von 3' })).toBeInTheDocument();
    expect(screen.getByText('Fortschritt beim Einwand: 100 %').closest('p')).toHaveTextContent('Einwand 1 von 3');
  });

  it('shows the reasons (✓ shown, ✗ missing) one click away', async () => {
    const user = userEvent.setup();
    wrap(
      <PracticeProgress
        stage={1}
        totalStages={1}
        progress={30}
        score={{ totalPercent: 30, answerScore: 50, stage: 1, totalStages: 1, progress: 30, solved: false, completed: false, techniques }}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Begründung' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Es fehlt eine Rückfrage.')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('✓erfüllt: Einwand anerkennenDu gehst auf die Sorge ein.');
    expect(items[1]).toHaveTextContent('✗fehlt: Rückfrage stellenEs fehlt eine Rückfrage.');
  });

  it('says when the built-in trainer stood in for the model to score the answer', () => {
    const score: Score = { totalPercent: 30, answerScore: 50, stage: 1, totalStages: 1, progress: 30, solved: false, completed: false, techniques };
    const { unmount } = wrap(
      <PracticeProgress stage={1} totalStages={1} progress={30} score={{ ...score, source: 'builtin' }} engine="openai" />,
    );
    expect(screen.getByText('Bewertet vom eingebauten Trainer')).toBeVisible();
    unmount();

    // The model scored; or the trainer is the chat's engine, which the chat says already.
    const { unmount: again } = wrap(
      <PracticeProgress stage={1} totalStages={1} progress={30} score={{ ...score, source: 'model' }} engine="openai" />,
    );
    expect(screen.queryByText('Bewertet vom eingebauten Trainer')).not.toBeInTheDocument();
    again();
    wrap(<PracticeProgress stage={1} totalStages={1} progress={30} score={{ ...score, source: 'builtin' }} engine="builtin" />);
    expect(screen.getByText('Fortschritt beim Einwand: 30 %')).toBeVisible();
    expect(screen.queryByText('Bewertet vom eingebauten Trainer')).not.toBeInTheDocument();
  });

  it('says it in English too', () => {
    storeLanguage('en');
    wrap(
      <PracticeProgress
        stage={1}
        totalStages={1}
        progress={30}
        score={{ totalPercent: 30, answerScore: 50, stage: 1, totalStages: 1, progress: 30, solved: false, completed: false, techniques, source: 'builtin' }}
        engine="openai"
      />,
    );
    expect(screen.getByText('Scored by the built-in trainer')).toBeVisible();
  });

  it("shows a reason about a placeholder left in, in full (issue 24: the server writes 'Platzhalter noch offen …')", async () => {
    const user = userEvent.setup();
    const reason =
      'Platzhalter noch offen: ersetze „[ein Kundenbeispiel mit einer Zahl aus eigener Erfahrung]“ durch dein eigenes Beispiel.';
    wrap(
      <PracticeProgress
        stage={1}
        totalStages={1}
        progress={40}
        score={{
          totalPercent: 40,
          answerScore: 66,
          stage: 1,
          totalStages: 1,
          progress: 40,
          solved: false,
          completed: false,
          techniques: [...techniques, { key: 'evidence', label: 'Beleg / Beispiel', shown: false, reason }],
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Begründung' }));
    expect(screen.getByText(reason)).toBeVisible();
    expect(screen.getAllByRole('listitem')[2]).toHaveTextContent(`✗fehlt: Beleg / Beispiel${reason}`);
  });

  describe('issue 25 point 11: both numbers labelled, announced in the right words, a legend for the bar', () => {
    const scored: Score = {
      totalPercent: 23,
      answerScore: 39,
      stage: 1,
      totalStages: 3,
      progress: 23,
      solved: false,
      completed: false,
      techniques,
    };

    it('labels the progress on the objection and the answer\'s own score visibly (German)', () => {
      wrap(<PracticeProgress stage={1} totalStages={3} progress={23} score={scored} />);
      expect(screen.getByText('Fortschritt beim Einwand: 23 %')).toBeVisible();
      // The answer's own score is on the line, not behind 'Begründung'.
      expect(screen.getByText('Diese Antwort: 39 von 100')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Begründung' })).toHaveAttribute('aria-expanded', 'false');
      // Nothing calls the progress the answer's score.
      expect(screen.queryByText(/Bewertung deiner letzten Antwort/)).not.toBeInTheDocument();
    });

    it('announces both in the live region in the right words (German)', () => {
      const { rerender } = wrap(<PracticeProgress stage={1} totalStages={3} progress={0} score={null} />);
      const region = screen.getByRole('status');
      expect(region).toHaveTextContent(/^$/);
      rerender(
        <I18nProvider>
          <PracticeProgress stage={1} totalStages={3} progress={23} score={scored} />
        </I18nProvider>,
      );
      expect(screen.getByRole('status')).toBe(region);
      expect(region).toHaveTextContent('Diese Antwort: 39 von 100. Fortschritt bei Einwand 1 von 3: 23 %.');
    });

    it('announces the solved objection, not the next one', () => {
      wrap(
        <PracticeProgress
          stage={2}
          totalStages={3}
          progress={0}
          score={{ ...scored, totalPercent: 100, answerScore: 95, stage: 2, progress: 0, solved: true }}
        />,
      );
      expect(screen.getByRole('status')).toHaveTextContent('Diese Antwort: 95 von 100. Fortschritt bei Einwand 1 von 3: 100 %.');
    });

    it('gives the six-step bar a legend (German)', () => {
      wrap(<PracticeProgress stage={1} totalStages={3} progress={23} score={null} />);
      const legend = screen.getByText('Jeder Schritt ist etwa 17 % des Einwands:').closest('p')!;
      expect(legend).toHaveTextContent('Jeder Schritt ist etwa 17 % des Einwands:erreichtnoch offen');
      expect(legend.querySelector('.steps__step--done')).toHaveAttribute('aria-hidden', 'true');
    });

    it('says all of it in English', () => {
      storeLanguage('en');
      wrap(<PracticeProgress stage={1} totalStages={3} progress={23} score={scored} />);
      expect(screen.getByText('Progress on the objection: 23 %')).toBeVisible();
      expect(screen.getByText('This answer: 39 of 100')).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent('This answer: 39 of 100. Progress on objection 1 of 3: 23 %.');
      expect(screen.getByText('Each step is about 17 % of the objection:').closest('p')).toHaveTextContent(
        'Each step is about 17 % of the objection:reachedstill open',
      );
      storeLanguage('de');
    });
  });
});
