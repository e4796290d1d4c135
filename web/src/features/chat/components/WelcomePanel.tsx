import { useId } from 'react';
import { Link } from 'wouter';
import { BookIcon, DumbbellIcon, GraduationIcon } from '../../../components/ui/icons/app';
import { WithTooltip } from '../../../components/ui/Tooltip';
import type { ChatMode, Difficulty } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { DIFFICULTY_KEYS } from '../hooks/useChat';

export interface WelcomePanelProps {
  mode: ChatMode | null;
  difficulty: Difficulty | null;
  /** A scenario's objection count: no harder practice is offered. */
  maxDifficulty?: number | undefined;
  busy: boolean;
  onMode: (mode: ChatMode) => void;
  onDifficulty: (difficulty: Difficulty) => void;
  onStart: () => void;
}

const DIFFICULTIES: readonly Difficulty[] = [1, 2, 3];

/** 'Bereit für das nächste Level?': mode cards, difficulty (practice), Dashboard and Start. */
export function WelcomePanel({ mode, difficulty, maxDifficulty = 3, busy, onMode, onDifficulty, onStart }: WelcomePanelProps) {
  const t = useT();
  const headingId = useId();
  const difficultyId = useId();
  const startTip =
    mode === null ? t('chat.tip.noMode') : mode === 'Übung' && difficulty === null ? t('chat.tip.noDifficulty') : '';
  const startDisabled = Boolean(startTip) || busy;

  return (
    <section className="welcome" aria-labelledby={headingId}>
      <h2 id={headingId} className="welcome__title">
        {t('chat.welcome.title')}
      </h2>
      <p className="welcome__lead">{t('chat.welcome.lead')}</p>

      <div className="welcome__cards" role="group" aria-label={t('chat.modes')}>
        <button
          type="button"
          className="welcome__card"
          aria-pressed={mode === 'Übung'}
          onClick={() => onMode('Übung')}
        >
          <DumbbellIcon width={28} height={28} />
          <span className="welcome__card-title">{t('chat.mode.practice.title')}</span>
          <span className="welcome__card-text">{t('chat.mode.practice.text')}</span>
        </button>
        <button
          type="button"
          className="welcome__card"
          aria-pressed={mode === 'Prüfung'}
          onClick={() => onMode('Prüfung')}
        >
          <GraduationIcon width={28} height={28} />
          <span className="welcome__card-title">{t('chat.mode.exam.title')}</span>
          <span className="welcome__card-text">{t('chat.mode.exam.text')}</span>
        </button>
        <Link to="/help" className="welcome__card welcome__card--link">
          <BookIcon width={28} height={28} />
          <span className="welcome__card-title">{t('chat.tips.title')}</span>
          <span className="welcome__card-text">{t('chat.tips.text')}</span>
        </Link>
      </div>

      {mode === 'Übung' ? (
        <div className="welcome__difficulty" role="group" aria-labelledby={difficultyId} data-tour="difficulty">
          <span id={difficultyId} className="welcome__difficulty-label">
            {t('chat.difficulty')}
          </span>
          <div className="welcome__difficulty-options">
            {DIFFICULTIES.filter((d) => d <= Math.max(1, maxDifficulty)).map((d) => (
              <button
                key={d}
                type="button"
                className="chip"
                aria-pressed={difficulty === d}
                onClick={() => onDifficulty(d)}
              >
                <span className="chip__title">{t(DIFFICULTY_KEYS[d])}</span>
                <span className="chip__text">
                  {t('chat.difficulty.objections', { count: d })}
                </span>
              </button>
            ))}
          </div>
        </div>
      ) : null}

      <div className="welcome__actions">
        <Link to="/dashboard" className="button button--secondary">
          {t('chat.dashboard')}
        </Link>
        <WithTooltip tip={startTip} placement="above">
          {(describedBy) => (
            <button
              type="button"
              className="button button--primary welcome__start"
              aria-disabled={startDisabled ? 'true' : undefined}
              aria-describedby={describedBy}
              onClick={() => {
                if (!startDisabled) onStart();
              }}
            >
              {t('chat.start')}
            </button>
          )}
        </WithTooltip>
      </div>
    </section>
  );
}
