import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import type { Difficulty } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { lazyPart, withMessages } from '../../../lib/chunks';
import { useDocumentTitle } from '../../../lib/document-title';
import { LOCALES, useI18n } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import type { ChatLocationState } from '../../chat/components/ChatPage';
import {
  progressQueryOptions,
  type ExamResult,
  type FamilyProgress,
  type ProgressReport,
  type Range,
  type Recommendation,
  type TechniqueProgress,
  type WeekProgress,
} from '../api/progress';
import { answersInPeriod, personalBests, trendOf, weakestFamilies, type Trend } from '../lib/analysis';
import { familyName, percent, techniqueName, useWeekLabel } from '../lib/names';
import { LineChart } from './LineChart';
import { RangeSwitch, TableScroll } from './Controls';
import { FamilyTable } from './FamilyTable';
import './progress.css';

// 'Was dein Team sieht' (issue 27), for someone in a team: the team feature's, with its texts.
const loadTeamPrivacyNote = withMessages(() => import('../../team'), ['team']);
const TeamPrivacyNote = lazyPart(loadTeamPrivacyNote, 'TeamPrivacyNote');

const DIFFICULTIES: readonly Difficulty[] = [1, 2, 3];
const TREND_ARROW: Record<Trend, string> = { up: '↑', down: '↓', flat: '→' };

/** 'Als Nächstes üben': the recommendation and the button that starts that practice, or 'Noch zu wenig Daten'. */
function NextCard({ recommendation }: { recommendation: Recommendation | null }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const headingId = useId();
  const start = (r: Recommendation) => {
    const state: ChatLocationState = {
      mode: 'Übung',
      difficulty: r.difficulty,
      focus: { family: r.family, label: t('progress.next.focus', { family: familyName(t, r.family) }) },
    };
    navigate('/chat', { state });
  };
  return (
    <section className="panel progress__next" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('progress.next.title')}
      </h2>
      {recommendation ? (
        <>
          <p>
            {t('progress.next.text', {
              family: familyName(t, recommendation.family),
              technique: techniqueName(t, recommendation.technique),
              difficulty: t(`difficulty.${recommendation.difficulty}`),
            })}
          </p>
          <div>
            <button type="button" className="button button--primary" onClick={() => start(recommendation)}>
              {t('progress.next.start', { family: familyName(t, recommendation.family) })}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="progress__too-little">{t('progress.next.tooLittle')}</p>
          <p className="progress__muted">{t('progress.next.tooLittleText')}</p>
        </>
      )}
    </section>
  );
}

/** One technique: this period's rate, the period before, the trend in words and the weekly chart. */
function TechniqueCard({ technique, weekly }: { technique: TechniqueProgress; weekly: readonly WeekProgress[] }) {
  const { t } = useI18n();
  const weekLabel = useWeekLabel();
  const trend = trendOf(technique);
  const name = techniqueName(t, technique.key);
  return (
    <li className="progress__technique">
      <h3 className="progress__technique-name">{name}</h3>
      <p className="progress__rate">{percent(t, technique.rate)}</p>
      <p className="progress__muted">{t('progress.shownOf', { shown: technique.shown, total: technique.total })}</p>
      <p className="progress__muted">{t('progress.previous', { rate: percent(t, technique.previousRate) })}</p>
      <p className={`progress__trend progress__trend--${trend ?? 'none'}`}>
        {trend ? <span aria-hidden="true">{TREND_ARROW[trend]} </span> : null}
        {t('progress.trend', { trend: t(trend ? `progress.trend.${trend}` : 'progress.trend.none') })}
      </p>
      <LineChart
        name={t('progress.chart.weekly', { name })}
        points={weekly.map((w) => ({ label: weekLabel(w.weekStart), value: w.techniques[technique.key] ?? null }))}
      />
    </li>
  );
}

/** The charts' values as a table: a week per row, a technique per column. */
function WeeklyTable({ techniques, weekly }: { techniques: readonly TechniqueProgress[]; weekly: readonly WeekProgress[] }) {
  const { t } = useI18n();
  const weekLabel = useWeekLabel();
  const captionId = useId();
  return (
    <details className="progress__details">
      <summary>{t('progress.weekly.title')}</summary>
      <TableScroll labelledBy={captionId}>
        <table className="progress__table">
          <caption id={captionId} className="visually-hidden">{t('progress.weekly.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('progress.weekly.week')}</th>
              {techniques.map((tech) => (
                <th scope="col" key={tech.key}>
                  {techniqueName(t, tech.key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weekly.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row">{weekLabel(w.weekStart)}</th>
                {techniques.map((tech) => (
                  <td key={tech.key} className="progress__num">
                    {percent(t, w.techniques[tech.key] ?? null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}

/** Attempts, solved and average score per family; the three weakest marked (in words too, not by colour alone). */
function Families({ families }: { families: readonly FamilyProgress[] }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('progress.families.title')}
      </h2>
      <p className="progress__muted">{t('progress.families.text')}</p>
      <FamilyTable families={families} caption={t('progress.families.table')} captionHidden weak={weakestFamilies(families)} />
    </section>
  );
}

/** Exam results over time (chart and table) and the best score per difficulty. */
function Exams({ exams }: { exams: readonly ExamResult[] }) {
  const { t, lang } = useI18n();
  const headingId = useId();
  const captionId = useId();
  const best = personalBests(exams);
  const format = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' });
  const date = (iso: string) => format.format(new Date(iso));
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('progress.exams.title')}
      </h2>
      {exams.length === 0 ? (
        <p>{t('progress.exams.empty')}</p>
      ) : (
        <>
          <h3 className="progress__subheading">{t('progress.exams.best')}</h3>
          <dl className="progress__bests">
            {DIFFICULTIES.map((d) => (
              <div key={d} className="progress__best">
                <dt>{t(`difficulty.${d}`)}</dt>
                <dd>{percent(t, best[d] ?? null)}</dd>
              </div>
            ))}
          </dl>
          <LineChart name={t('progress.exams.chart')} points={exams.map((e) => ({ label: date(e.date), value: e.score }))} />
          <details className="progress__details">
            <summary>{t('progress.exams.table')}</summary>
            <TableScroll labelledBy={captionId}>
              <table className="progress__table">
                <caption id={captionId} className="visually-hidden">{t('progress.exams.table')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('progress.exams.date')}</th>
                    <th scope="col">{t('progress.exams.difficulty')}</th>
                    <th scope="col">{t('progress.exams.score')}</th>
                  </tr>
                </thead>
                <tbody>
                  {exams.map((e) => (
                    <tr key={e.conversationId}>
                      <th scope="row">{date(e.date)}</th>
                      <td>{t(`difficulty.${e.difficulty}`)}</td>
                      <td className="progress__num">{percent(t, e.score)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </details>
        </>
      )}
    </section>
  );
}

function Report({ report }: { report: ProgressReport }) {
  const { t } = useI18n();
  const headingId = useId();
  const answers = answersInPeriod(report.techniques);
  return (
    <>
      <p className="progress__answers">{t('progress.answers', { count: answers })}</p>
      <NextCard recommendation={answers < 5 ? null : report.recommendation} />
      <section className="panel" aria-labelledby={headingId}>
        <h2 id={headingId} className="progress__heading">
          {t('progress.techniques.title')}
        </h2>
        <p className="progress__muted">{t('progress.techniques.text')}</p>
        <ul className="progress__techniques">
          {report.techniques.map((tech) => (
            <TechniqueCard key={tech.key} technique={tech} weekly={report.weekly} />
          ))}
        </ul>
        <WeeklyTable techniques={report.techniques} weekly={report.weekly} />
      </section>
      <Families families={report.families} />
      <Exams exams={report.exams} />
    </>
  );
}

/** /progress, 'Mein Fortschritt' (issue 26): every signed-in user's own skill analytics. */
export function ProgressPage() {
  const { t } = useI18n();
  const { session } = useAuth();
  const [range, setRange] = useState<Range>(30);
  const report = useQuery({ ...progressQueryOptions(session?.user.id ?? '', range), enabled: Boolean(session) });
  useDocumentTitle(t('progress.title'));

  return (
    <div className="page progress">
      <header className="progress__header">
        <h1 className="page__title">{t('progress.title')}</h1>
        <p className="page__lead">{t('progress.lead')}</p>
      </header>
      <Suspense fallback={null}>
        <TeamPrivacyNote />
      </Suspense>
      <RangeSwitch range={range} onChange={setRange} />
      {report.isPending ? (
        <p className="progress__loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : report.isError ? (
        <Alert tone="error">
          <p>{t('progress.loadFailed')}</p>
          <button type="button" className="link-button" onClick={() => void report.refetch()}>
            {t('common.retry')}
          </button>
        </Alert>
      ) : (
        <Report report={report.data} />
      )}
    </div>
  );
}
