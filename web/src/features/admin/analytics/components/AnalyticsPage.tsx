import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { InfoIcon } from '../../../../components/ui/icons/pages';
import { WithTooltip } from '../../../../components/ui/Tooltip';
import type { TrackSource } from '../../../../lib/api';
import { useAuth } from '../../../../lib/auth';
import { useT, type MessageKey } from '../../../../lib/i18n';
import { AdminPage, AdminSection, useAdminFormat } from '../../shared';
import {
  ANALYTICS_RANGES,
  analyticsQueryOptions,
  DEFAULT_RANGE,
  pageVisitsQueryOptions,
  PLATFORMS,
  RANGE_LABELS,
  TRAFFIC_SOURCES,
  VISIT_CARDS,
  VISITOR_PAGES,
  type AnalyticsRange,
  type Platform,
  type VisitCard,
  type VisitorPage,
} from '../api/analytics';
import { QueryBody } from './QueryBody';
import { WebVitalsSection } from './WebVitalsSection';
import './analytics.css';

const SOURCE_LABELS: Record<TrackSource, MessageKey> = {
  google: 'adminAnalytics.source.google',
  'ai-tool': 'adminAnalytics.source.ai-tool',
  instagram: 'adminAnalytics.source.instagram',
  youtube: 'adminAnalytics.source.youtube',
  tiktok: 'adminAnalytics.source.tiktok',
  linkedin: 'adminAnalytics.source.linkedin',
  direct: 'adminAnalytics.source.direct',
  other: 'adminAnalytics.source.other',
};

const PAGE_LABELS: Record<VisitorPage, MessageKey> = {
  landing: 'adminAnalytics.page.landing',
  login: 'adminAnalytics.page.login',
  app: 'adminAnalytics.page.app',
};

const CARD_LABELS: Record<VisitCard, MessageKey> = {
  landing: 'adminAnalytics.card.landing',
  impressum: 'adminAnalytics.card.impressum',
  registrierung: 'adminAnalytics.card.registrierung',
  chatbot: 'adminAnalytics.card.chatbot',
};

const CARD_TIPS: Record<VisitCard, MessageKey> = {
  landing: 'adminAnalytics.tip.landing',
  impressum: 'adminAnalytics.tip.impressum',
  registrierung: 'adminAnalytics.tip.registrierung',
  chatbot: 'adminAnalytics.tip.chatbot',
};

/** /analytics: visitors in the last 7, 30 or 90 days, by source and page, and per platform. */
export function AnalyticsPage() {
  const t = useT();
  const { session } = useAuth();
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_RANGE);
  const signedIn = Boolean(session?.access_token);

  return (
    <AdminPage
      title={t('admin.analytics')}
      lead={t('adminAnalytics.lead')}
      actions={signedIn ? <RangePicker value={range} onChange={setRange} /> : null}
      className="analytics"
    >
      {signedIn ? (
        <>
          <div className="analytics__overview">
            <TotalVisitors range={range} />
            <VisitorsBySource range={range} />
            <VisitorsByPage range={range} />
          </div>
          <AdminSection title={t('adminAnalytics.visits.title')}>
            <div className="analytics__blocks">
              <VisitBlock platform={null} range={range} />
              {PLATFORMS.map((platform) => (
                <VisitBlock key={platform} platform={platform} range={range} />
              ))}
            </div>
          </AdminSection>
          <WebVitalsSection range={range} />
        </>
      ) : (
        <Alert tone="error">{t('adminAnalytics.noSession')}</Alert>
      )}
    </AdminPage>
  );
}

/** 'Letzte 7 / 30 / 90 Tage' as a radio group (arrow keys move between the options). */
function RangePicker({ value, onChange }: { value: AnalyticsRange; onChange: (range: AnalyticsRange) => void }) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">{t('adminInsights.period')}</legend>
      <div className="segmented__options">
        {ANALYTICS_RANGES.map((range) => (
          <label key={range} className="segmented__option">
            <input
              type="radio"
              className="segmented__input"
              name={name}
              value={range}
              checked={value === range}
              onChange={() => onChange(range)}
            />
            <span className="segmented__text">{t(RANGE_LABELS[range])}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function TotalVisitors({ range }: { range: AnalyticsRange }) {
  const t = useT();
  const format = useAdminFormat();
  const query = useQuery(analyticsQueryOptions('visitors', range));
  return (
    <AdminSection title={t('adminAnalytics.visitors.title')} className="analytics__total">
      <QueryBody query={query}>
        {(data) => (
          <div>
            <p className="analytics__figure">{format.number(data.visitors)}</p>
            <p className="admin-muted">{t('adminAnalytics.visitors.hint')}</p>
          </div>
        )}
      </QueryBody>
    </AdminSection>
  );
}

function VisitorsBySource({ range }: { range: AnalyticsRange }) {
  const t = useT();
  const query = useQuery(analyticsQueryOptions('visitorsBySource', range));
  return (
    <AdminSection title={t('adminAnalytics.bySource.title')}>
      <QueryBody query={query}>
        {(data) => (
          <BarList
            rows={TRAFFIC_SOURCES.map((source) => ({
              key: source,
              label: t(SOURCE_LABELS[source]),
              value: data.visitorsBySource[source] ?? 0,
            }))}
          />
        )}
      </QueryBody>
    </AdminSection>
  );
}

function VisitorsByPage({ range }: { range: AnalyticsRange }) {
  const t = useT();
  const query = useQuery(analyticsQueryOptions('visitorsByPage', range));
  return (
    <AdminSection title={t('adminAnalytics.byPage.title')}>
      <QueryBody query={query}>
        {(data) => (
          <BarList
            rows={VISITOR_PAGES.map((page) => ({
              key: page,
              label: t(PAGE_LABELS[page]),
              value: data.visitorsByPage[page] ?? 0,
            }))}
          />
        )}
      </QueryBody>
    </AdminSection>
  );
}

interface BarRow {
  key: string;
  label: string;
  value: number;
}

/** Label, count and a bar for its share (an SVG attribute: no inline styles under the CSP). */
function BarList({ rows }: { rows: BarRow[] }) {
  const format = useAdminFormat();
  const sum = rows.reduce((n, row) => n + row.value, 0);
  return (
    <ul className="bar-list">
      {rows.map((row) => (
        <li key={row.key} className="bar-list__row" data-key={row.key}>
          <span className="bar-list__label">
            {row.label}
            <span className="visually-hidden">: </span>
          </span>
          <span className="bar-list__value">{format.number(row.value)}</span>
          <svg className="bar-list__bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect className="bar-list__track" width="100" height="4" rx="2" />
            <rect className="bar-list__fill" width={sum > 0 ? (row.value * 100) / sum : 0} height="4" rx="2" />
          </svg>
        </li>
      ))}
    </ul>
  );
}

/** The four cards (landing, impressum, registrierung, chatbot) of all traffic or of one platform. */
function VisitBlock({ platform, range }: { platform: Platform | null; range: AnalyticsRange }) {
  const t = useT();
  const format = useAdminFormat();
  const headingId = useId();
  const query = useQuery(pageVisitsQueryOptions(platform, range));
  const title = platform ? t(SOURCE_LABELS[platform]) : t('adminAnalytics.visits.all');
  return (
    <section className="visit-block" aria-labelledby={headingId} data-platform={platform ?? 'all'}>
      <h3 id={headingId} className="visit-block__title">
        {title}
      </h3>
      {platform ? <p className="visit-block__note">{t('adminAnalytics.platformNote', { platform: title })}</p> : null}
      <QueryBody query={query}>
        {(counts) => (
          <ul className="visit-block__cards">
            {VISIT_CARDS.map((card) => {
              const label = t(CARD_LABELS[card]);
              return (
                <li key={card} className="visit-card" data-card={card}>
                  <div className="visit-card__head">
                    <span className="visit-card__label">{label}</span>
                    <WithTooltip tip={t(CARD_TIPS[card])} align="end">
                      {(describedBy) => (
                        <button
                          type="button"
                          className="visit-card__info"
                          aria-label={t('adminAnalytics.info', { page: label })}
                          aria-describedby={describedBy}
                        >
                          <InfoIcon width={16} height={16} />
                        </button>
                      )}
                    </WithTooltip>
                  </div>
                  <p className="visit-card__value">{format.number(counts[card])}</p>
                </li>
              );
            })}
          </ul>
        )}
      </QueryBody>
    </section>
  );
}
