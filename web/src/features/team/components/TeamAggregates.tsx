import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { useI18n } from '../../../lib/i18n';
import { FamilyTable, LineChart, percent, techniqueName, useWeekLabel } from '../../progress/shared';
import type { Range } from '../api/members';
import { teamProgressQueryOptions } from '../api/progress';
import { mostFailedFamilies } from '../lib/aggregates';

/**
 * 'Das Team im Überblick': the team's technique rates over the weeks (the
 * progress page's charts, for the team's answers together) and the
 * objection families the team fails most (GET /api/team/progress).
 */
export function TeamAggregates({ range }: { range: Range }) {
  const { t } = useI18n();
  const weekLabel = useWeekLabel();
  const report = useQuery(teamProgressQueryOptions(range));
  const headingId = useId();
  const familiesId = useId();
  if (report.isPending) return <p role="status">{t('common.loading')}</p>;
  if (report.isError) return <Alert tone="error">{t('team.aggregates.loadFailed')}</Alert>;
  const { techniques, weekly, families } = report.data;
  const failed = mostFailedFamilies(families);
  const answered = techniques.some((tech) => tech.total > 0);
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.aggregates.title')}
      </h2>
      {!answered ? (
        <p>{t('team.aggregates.empty')}</p>
      ) : (
        <>
          <p className="progress__muted">{t('team.aggregates.techniques')}</p>
          <ul className="progress__techniques">
            {techniques.map((tech) => {
              const name = techniqueName(t, tech.key);
              return (
                <li key={tech.key} className="progress__technique">
                  <h3 className="progress__technique-name">{name}</h3>
                  <p className="progress__rate">{percent(t, tech.rate)}</p>
                  <p className="progress__muted">{t('progress.shownOf', { shown: tech.shown, total: tech.total })}</p>
                  <LineChart
                    name={t('progress.chart.weekly', { name })}
                    points={weekly.map((w) => ({ label: weekLabel(w.weekStart), value: w.techniques[tech.key] ?? null }))}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
      <h3 id={familiesId} className="progress__subheading">
        {t('team.aggregates.families')}
      </h3>
      <FamilyTable families={failed} caption={t('team.aggregates.families')} captionHidden count="failed" />
    </section>
  );
}
