import { useId, useState } from 'react';
import type { EngineName, Score } from '../../../lib/api';
import { useT, type TFunction } from '../../../lib/i18n';
import { clampPercent } from '../../../lib/progress';
import { judgedByStandIn } from '../lib/judge';
import { progressStatus, scoredObjection } from '../lib/progress-text';

/** The bar is drawn in six steps. */
export const PROGRESS_STEPS = 6;

export interface PracticeProgressProps {
  stage: number;
  totalStages: number;
  progress: number;
  score: Score | null;
  /** The chat's engine: the built-in trainer's own scores need no note. */
  engine?: EngineName | null;
}

/** The text under the bar: solved, one answer missing, or N answers to go. */
export function ProgressText({ score, progress }: { score: Score | null; progress: number }) {
  const t = useT();
  const status = progressStatus(score, progress);
  if (!status) return null;
  const text =
    status.kind === 'solved'
      ? t('chat.progress.solved')
      : status.kind === 'almost'
        ? t('chat.progress.almost')
        : t('chat.progress.working', { n: status.remaining });
  return <p className={`progress-text progress-text--${status.kind}`}>{text}</p>;
}

/** 'Einwand N von M', 'Fortschritt beim Einwand: P %', 'Diese Antwort: S von 100', and the reasons (✓ / ✗ per technique) one click away. */
export function ScoreDisplay({ score, engine }: { score: Score; engine?: EngineName | null }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const n = scoredObjection(score);
  const percent = clampPercent(score.totalPercent);
  return (
    <div className={open ? 'score score--open' : 'score'}>
      <p className="score__line">
        <span className="score__objection">{t('chat.score.objection', { n, m: score.totalStages })}</span>
        <span className="score__percent">{t('chat.score.progress', { percent })}</span>
        {typeof score.answerScore === 'number' ? (
          <span className="score__answer">{t('chat.score.thisAnswer', { score: clampPercent(score.answerScore) })}</span>
        ) : null}
        {score.techniques.length > 0 || score.move ? (
          <button
            type="button"
            className="score__toggle"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((v) => !v)}
          >
            {t('chat.score.reasons')}
          </button>
        ) : null}
      </p>
      {score.move ? <MoveLine move={score.move} /> : null}
      {judgedByStandIn(score.source, engine) ? <p className="score__source">{t('chat.judge.builtin')}</p> : null}
      <div id={listId} className="score__reasons" hidden={!open}>
        <ul className="score__list">
          {score.techniques.map((tech) => (
            <li key={tech.key} className={tech.shown ? 'score__item score__item--shown' : 'score__item score__item--missing'}>
              <span className="score__mark" aria-hidden="true">
                {tech.shown ? '✓' : '✗'}
              </span>
              <span className="visually-hidden">{tech.shown ? t('chat.score.shown') : t('chat.score.missing')}: </span>
              <span className="score__label">{tech.label}</span>
              <span className="score__reason">{tech.reason}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The move the moment called for, whether the answer made it, and why – always visible, it is the lesson of the answer. */
export function MoveLine({ move }: { move: NonNullable<Score['move']> }) {
  const t = useT();
  return (
    <p className={move.made ? 'score__move score__move--made' : 'score__move score__move--missed'}>
      <span className="score__move-name">{t(`chat.score.move.${move.expected}`)}</span>{' '}
      <span className="score__mark" aria-hidden="true">
        {move.made ? '✓' : '✗'}
      </span>
      <span className="visually-hidden">{move.made ? t('chat.score.move.made') : t('chat.score.move.missed')}: </span>{' '}
      <span className="score__move-reason">{move.reason}</span>
    </p>
  );
}

/** What one step of the bar is, and what its two colours mean. */
export function StepsLegend() {
  const t = useT();
  return (
    <p className="steps-legend">
      <span>{t('chat.progress.legend', { percent: Math.round(100 / PROGRESS_STEPS) })}</span>
      <span className="steps-legend__item">
        <span className="steps__step steps__step--done steps-legend__swatch" aria-hidden="true" />
        {t('chat.progress.legendDone')}
      </span>
      <span className="steps-legend__item">
        <span className="steps__step steps-legend__swatch" aria-hidden="true" />
        {t('chat.progress.legendOpen')}
      </span>
    </p>
  );
}

/**
 * What the live region says after an answer was scored: the answer's own score
 * and the progress on the objection it was scored for, each in its own words.
 */
export function scoreAnnouncement(t: TFunction, score: Score): string {
  const progress = t('chat.score.announceProgress', {
    n: scoredObjection(score),
    m: score.totalStages,
    percent: clampPercent(score.totalPercent),
  });
  const move = score.move ? ` ${score.move.reason}` : '';
  if (typeof score.answerScore !== 'number') return progress + move;
  return `${t('chat.score.thisAnswer', { score: clampPercent(score.answerScore) })}. ${progress}${move}`;
}

/** Practice only: the bar 'Einwand {n} von {m}' (six steps), the progress text and the last score. */
export function PracticeProgress({ stage, totalStages, progress, score, engine }: PracticeProgressProps) {
  const t = useT();
  const n = Math.max(1, Math.min(stage || 1, totalStages || 1));
  const m = Math.max(1, totalStages);
  const percent = clampPercent(progress);
  const label = t('chat.score.objection', { n, m });
  const filled = Math.round((percent / 100) * PROGRESS_STEPS);
  return (
    <section
      className={score ? 'practice-progress practice-progress--scored' : 'practice-progress'}
      aria-label={t('chat.progress.label')}
    >
      <div className="practice-progress__bar-row">
        <span className="practice-progress__label">{label}</span>
        <div
          className="steps"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('chat.progress.value', { n, m, percent })}
        >
          {Array.from({ length: PROGRESS_STEPS }, (_, i) => (
            <span key={i} className={i < filled ? 'steps__step steps__step--done' : 'steps__step'} />
          ))}
        </div>
      </div>
      <StepsLegend />
      <ProgressText score={score} progress={progress} />
      {score ? <ScoreDisplay score={score} engine={engine} /> : null}
      <p className="visually-hidden" role="status" data-testid="score-announcement">
        {score ? scoreAnnouncement(t, score) : ''}
      </p>
    </section>
  );
}
