import { useId, useState } from 'react';
import type { EngineName, Score } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
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

/** 'Einwand N von M' with the percentage, and its reasons (✓ / ✗ per technique) one click away. */
export function ScoreDisplay({ score, engine }: { score: Score; engine?: EngineName | null }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const n = scoredObjection(score);
  const percent = clampPercent(score.totalPercent);
  return (
    <div className="score">
      <p className="score__line">
        <span className="visually-hidden">{t('chat.score.title')}: </span>
        <span className="score__objection">{t('chat.objection', { n, m: score.totalStages })}</span>
        <span className="score__percent">{percent} %</span>
        {score.techniques.length > 0 ? (
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
      {judgedByStandIn(score.source, engine) ? <p className="score__source">{t('chat.judge.builtin')}</p> : null}
      <div id={listId} className="score__reasons" hidden={!open}>
        {typeof score.answerScore === 'number' ? (
          <p className="score__answer">{t('chat.score.answer', { score: score.answerScore })}</p>
        ) : null}
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

/** Practice only: the bar 'Einwand {n} von {m}' (six steps), the progress text and the last score. */
export function PracticeProgress({ stage, totalStages, progress, score, engine }: PracticeProgressProps) {
  const t = useT();
  const n = Math.max(1, Math.min(stage || 1, totalStages || 1));
  const m = Math.max(1, totalStages);
  const percent = clampPercent(progress);
  const label = t('chat.objection', { n, m });
  const filled = Math.round((percent / 100) * PROGRESS_STEPS);
  return (
    <section className="practice-progress" aria-label={t('chat.progress.label')}>
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
      <ProgressText score={score} progress={progress} />
      {score ? <ScoreDisplay score={score} engine={engine} /> : null}
    </section>
  );
}
