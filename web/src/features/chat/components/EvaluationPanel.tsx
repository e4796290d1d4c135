import { useId } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { WithTooltip } from '../../../components/ui/Tooltip';
import type { EngineName, Evaluation, ExamVerdict } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { clampPercent } from '../../../lib/progress';
import type { EvaluationStatus } from '../hooks/chat-state';
import { judgedByStandIn } from '../lib/judge';

export interface EvaluationPanelProps {
  evaluation: Evaluation | null;
  status: EvaluationStatus;
  error: string | null;
  onRetry: () => void;
  /** The chat's engine: the built-in trainer's own evaluation needs no note. */
  engine?: EngineName | null;
}

function CategoryItem({ category, score, comment }: Evaluation['scores'][number]) {
  const t = useT();
  const percent = clampPercent(score);
  const meterId = useId();
  return (
    <li className="evaluation__category">
      <WithTooltip tip={comment}>
        {(describedBy) => (
          <button type="button" className="evaluation__category-button" aria-describedby={describedBy}>
            <span className="evaluation__category-name" id={meterId}>
              {category}
            </span>
            <span className="evaluation__category-score">{t('chat.evaluation.score', { score: percent })}</span>
            <meter
              className="evaluation__meter"
              aria-labelledby={meterId}
              min={0}
              max={100}
              low={50}
              high={80}
              optimum={100}
              value={percent}
            />
          </button>
        )}
      </WithTooltip>
    </li>
  );
}

/** An exam's verdict, the pass mark it was judged by and the previous attempt's total. */
function ExamVerdictLine({ verdict }: { verdict: ExamVerdict }) {
  const t = useT();
  return (
    <div className="evaluation__verdict">
      <p className={`evaluation__verdict-text evaluation__verdict-text--${verdict.passed ? 'passed' : 'failed'}`}>
        {verdict.passed ? t('chat.evaluation.passed') : t('chat.evaluation.notPassed')}
      </p>
      <p className="evaluation__verdict-facts">
        <span>{t('chat.evaluation.passMark', { percent: verdict.passMark })}</span>
        {verdict.previousPercent !== null ? (
          <span>{t('chat.evaluation.previous', { percent: clampPercent(verdict.previousPercent) })}</span>
        ) : null}
      </p>
    </div>
  );
}

/** 'Auswertung': intro, the six category scores (comment as tooltip), improvements, top 3, and the way to 'Mein Fortschritt'. */
export function EvaluationPanel({ evaluation, status, error, onRetry, engine }: EvaluationPanelProps) {
  const t = useT();
  const headingId = useId();
  if (!evaluation && status === 'idle') return null;
  return (
    <section className="evaluation" aria-labelledby={headingId} aria-busy={status === 'loading'}>
      <h2 id={headingId} className="evaluation__title">
        {t('chat.evaluation.title')}
      </h2>
      {status === 'loading' ? (
        <p className="evaluation__loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          {t('chat.evaluation.loading')}
        </p>
      ) : null}
      {status === 'error' && error ? (
        <Alert tone="error">
          <p>{error}</p>
          <button type="button" className="link-button" onClick={onRetry}>
            {t('chat.evaluation.retry')}
          </button>
        </Alert>
      ) : null}
      {evaluation ? (
        <>
          {judgedByStandIn(evaluation.source, engine) ? <p className="evaluation__source">{t('chat.judge.builtin')}</p> : null}
          {evaluation.intro ? <p className="evaluation__intro">{evaluation.intro}</p> : null}
          {typeof evaluation.totalPercent === 'number' ? (
            <p className="evaluation__total">{t('chat.evaluation.total', { percent: clampPercent(evaluation.totalPercent) })}</p>
          ) : null}
          {evaluation.exam ? <ExamVerdictLine verdict={evaluation.exam} /> : null}
          <ul className="evaluation__categories" aria-label={t('chat.evaluation.categories')}>
            {evaluation.scores.map((s) => (
              <CategoryItem key={s.category} {...s} />
            ))}
          </ul>
          {evaluation.improvements.length > 0 ? (
            <div className="evaluation__list">
              <h3>{t('chat.evaluation.improvements')}</h3>
              <ul>
                {evaluation.improvements.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {evaluation.top_points.length > 0 ? (
            <div className="evaluation__list">
              <h3>{t('chat.evaluation.top')}</h3>
              <ul>
                {evaluation.top_points.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {/* Where this chat's answers add up with the others' (issue 26). */}
          <p className="evaluation__progress">
            <Link to="/progress">{t('chat.evaluation.progressLink')}</Link>
          </p>
        </>
      ) : null}
    </section>
  );
}

// The exam's 'Prüfung beenden' comes with this chunk: only an exam needs either.
export { FinishExamButton } from './FinishExamButton';
