import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LOCALES, useI18n, useT, type MessageKey, type TFunction } from '../../../../lib/i18n';
import { AdminSection, TableFrame } from '../../shared';
import {
  VITALS,
  webVitalsQueryOptions,
  type AnalyticsRange,
  type Vital,
  type VitalRating,
  type VitalSummary,
  type WebVitalsResponse,
} from '../api/analytics';
import { QueryBody } from './QueryBody';

const RATING_LABELS: Record<VitalRating, MessageKey> = {
  good: 'adminAnalytics.vitals.rating.good',
  'needs-improvement': 'adminAnalytics.vitals.rating.needs-improvement',
  poor: 'adminAnalytics.vitals.rating.poor',
};

/** The rating's mark beside its text (the text carries the meaning; the mark and colour repeat it). */
const RATING_MARKS: Record<VitalRating, string> = { good: '●', 'needs-improvement': '▲', poor: '■' };

const VITAL_NAMES: Record<Vital, MessageKey> = {
  LCP: 'adminAnalytics.vitals.name.LCP',
  INP: 'adminAnalytics.vitals.name.INP',
  CLS: 'adminAnalytics.vitals.name.CLS',
};

type VitalFormat = Record<Vital, (value: number) => string>;

/** LCP in seconds (2 decimals at most), INP in whole milliseconds, CLS as a score (3 decimals at most). */
function useVitalFormat(): VitalFormat {
  const { lang } = useI18n();
  const t = useT();
  return useMemo(() => {
    const locale = LOCALES[lang];
    const seconds = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const millis = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const score = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    return {
      LCP: (ms) => t('adminAnalytics.vitals.seconds', { value: seconds.format(ms / 1000) }),
      INP: (ms) => t('adminAnalytics.vitals.milliseconds', { value: millis.format(ms) }),
      CLS: (value) => score.format(value),
    };
  }, [lang, t]);
}

/** The web vitals real visitors reported in the period: 75th percentile, rating and samples per page. */
export function WebVitalsSection({ range }: { range: AnalyticsRange }) {
  const t = useT();
  const query = useQuery(webVitalsQueryOptions(range));
  return (
    <AdminSection title={t('adminAnalytics.vitals.title')} lead={t('adminAnalytics.vitals.lead')} className="vitals">
      <QueryBody query={query}>{(data) => <VitalsTable data={data} />}</QueryBody>
    </AdminSection>
  );
}

function VitalsTable({ data }: { data: WebVitalsResponse }) {
  const t = useT();
  const format = useVitalFormat();
  return (
    <>
      {data.pages.length === 0 ? (
        <p className="admin-muted">{t('adminAnalytics.vitals.empty')}</p>
      ) : (
        <TableFrame label={t('adminAnalytics.vitals.caption')}>
          <table className="admin-table vitals-table">
            <caption>{t('adminAnalytics.vitals.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminAnalytics.vitals.page')}</th>
                {VITALS.map((vital) => (
                  <th key={vital} scope="col">
                    {vital}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.pages.map(({ page, metrics }) => (
                <tr key={page} data-page={page}>
                  <th scope="row">
                    {page === 'other' ? t('adminAnalytics.vitals.otherPages') : <code className="vitals-table__page">{page}</code>}
                  </th>
                  {VITALS.map((vital) => (
                    <td key={vital} data-vital={vital}>
                      <VitalCell summary={metrics[vital]} format={format[vital]} t={t} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <div className="vitals-legend">
        <p className="vitals-legend__title">{t('adminAnalytics.vitals.legend')}</p>
        <ul className="vitals-legend__list">
          {VITALS.map((vital) => (
            <li key={vital}>
              {t(VITAL_NAMES[vital])}
              {' – '}
              {t('adminAnalytics.vitals.limits', {
                good: format[vital](data.thresholds[vital].good),
                poor: format[vital](data.thresholds[vital].poor),
              })}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function VitalCell({ summary, format, t }: { summary: VitalSummary | undefined; format: (value: number) => string; t: TFunction }) {
  if (!summary) {
    return (
      <>
        <span aria-hidden="true">{t('adminInsights.none')}</span>
        <span className="visually-hidden">{t('adminAnalytics.vitals.noSamples')}</span>
      </>
    );
  }
  return (
    <span className="vital">
      <span className="vital__value">{format(summary.p75)}</span>
      <span className={`badge vital__rating vital__rating--${summary.rating}`}>
        <span aria-hidden="true">{RATING_MARKS[summary.rating]} </span>
        {t(RATING_LABELS[summary.rating])}
      </span>
      <span className="vital__samples">{t('adminAnalytics.vitals.samples', { count: summary.samples })}</span>
    </span>
  );
}
