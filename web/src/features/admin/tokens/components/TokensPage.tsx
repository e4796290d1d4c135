import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { TextField } from '../../../../components/ui/Field';
import { errorMessage, useI18n, useT, type MessageKey, type TFunction } from '../../../../lib/i18n';
import {
  AdminPage,
  AdminSection,
  ADMIN_PAGE_SIZE,
  Pagination,
  StatCard,
  StatGrid,
  TableFrame,
  useAdminFormat,
} from '../../shared';
import { usageQueryOptions, type PlanUsage, type UsageReport } from '../api/usage';
import {
  checkPeriod,
  DEFAULT_PRESET,
  formatDay,
  lastDays,
  PERIOD_PRESETS,
  presetOf,
  utcToday,
  type Period,
  type PeriodPreset,
} from '../lib/period';
import './tokens.css';

const PRESET_LABELS: Record<PeriodPreset, MessageKey> = {
  7: 'adminInsights.last7',
  30: 'adminInsights.last30',
  90: 'adminInsights.last90',
};

/** The plans the per-plan table always lists (a plan without usage shows zeros). */
const PLANS = ['free', 'plus', 'elite'] as const;

const PLAN_LABELS: Record<string, MessageKey> = {
  free: 'adminInsights.plan.free',
  plus: 'adminInsights.plan.plus',
  elite: 'adminInsights.plan.elite',
  promo: 'adminInsights.plan.promo',
};

function planLabel(plan: string, t: TFunction): string {
  const key = PLAN_LABELS[plan];
  return key ? t(key) : plan;
}

/** /token-management: model tokens and speech per period, plan and user. */
export function TokensPage() {
  const t = useT();
  const [period, setPeriod] = useState<Period>(() => lastDays(DEFAULT_PRESET));
  const [offset, setOffset] = useState(0);
  const errors = checkPeriod(period);
  const valid = !errors.from && !errors.to;
  const query = useQuery({
    ...usageQueryOptions({ from: period.from, to: period.to, limit: ADMIN_PAGE_SIZE, offset }),
    enabled: valid,
  });

  const changePeriod = (next: Period) => {
    setPeriod(next);
    setOffset(0);
  };

  return (
    <AdminPage title={t('admin.tokens')} lead={t('adminTokens.lead')} className="tokens">
      <AdminSection title={t('adminInsights.period')}>
        <PeriodPicker period={period} errors={errors} onChange={changePeriod} />
      </AdminSection>
      {!valid ? null : query.isPending ? (
        <p className="admin-muted" role="status">
          {t('adminInsights.loading')}
        </p>
      ) : query.isError ? (
        <Alert tone="error">{errorMessage(query.error, t)}</Alert>
      ) : (
        <Report
          report={query.data}
          offset={offset}
          onOffset={setOffset}
          loadingPage={query.isPlaceholderData}
        />
      )}
    </AdminPage>
  );
}

interface PeriodPickerProps {
  period: Period;
  errors: ReturnType<typeof checkPeriod>;
  onChange: (period: Period) => void;
}

/** Presets (last 7/30/90 days) and the two dates; every valid change asks the server at once. */
function PeriodPicker({ period, errors, onChange }: PeriodPickerProps) {
  const t = useT();
  const presetsId = useId();
  const today = utcToday();
  const active = presetOf(period);
  return (
    <div className="period-picker">
      <div className="period-picker__presets" role="group" aria-labelledby={presetsId}>
        <span id={presetsId} className="field__label">
          {t('adminTokens.presets')}
        </span>
        <div className="period-picker__buttons">
          {PERIOD_PRESETS.map((n) => (
            <button
              key={n}
              type="button"
              className="button button--secondary button--small period-picker__preset"
              aria-pressed={active === n}
              onClick={() => onChange(lastDays(n))}
            >
              {t(PRESET_LABELS[n])}
            </button>
          ))}
        </div>
      </div>
      <TextField
        id="tokens-from"
        className="period-picker__date"
        type="date"
        label={t('adminTokens.from')}
        value={period.from}
        max={today}
        required
        error={errors.from ? t(errors.from) : undefined}
        onChange={(e) => onChange({ ...period, from: e.currentTarget.value })}
      />
      <TextField
        id="tokens-to"
        className="period-picker__date"
        type="date"
        label={t('adminTokens.to')}
        value={period.to}
        max={today}
        required
        error={errors.to ? t(errors.to) : undefined}
        onChange={(e) => onChange({ ...period, to: e.currentTarget.value })}
      />
    </div>
  );
}

interface ReportProps {
  report: UsageReport;
  offset: number;
  onOffset: (offset: number) => void;
  /** The previous page is shown while the asked one loads. */
  loadingPage: boolean;
}

function Report({ report, offset, onOffset, loadingPage }: ReportProps) {
  const t = useT();
  const { lang } = useI18n();
  const format = useAdminFormat();
  const { totals } = report;
  const shown = t('adminTokens.shown', { from: formatDay(report.from, lang), to: formatDay(report.to, lang) });

  return (
    <>
      <AdminSection title={t('adminTokens.totals.title')} lead={shown}>
        <StatGrid>
          <StatCard label={t('adminTokens.tokens')} value={format.number(totals.tokens)} />
          <StatCard label={t('adminTokens.tokensIn')} value={format.number(totals.tokensIn)} />
          <StatCard label={t('adminTokens.tokensOut')} value={format.number(totals.tokensOut)} />
          <StatCard label={t('adminTokens.calls')} value={format.number(totals.calls)} />
          <StatCard label={t('adminTokens.sttSeconds')} value={format.number(Math.round(totals.sttSeconds))} />
          <StatCard label={t('adminTokens.ttsCharacters')} value={format.number(totals.ttsCharacters)} />
          <StatCard label={t('adminTokens.users')} value={format.number(totals.users)} />
        </StatGrid>
      </AdminSection>
      <AdminSection title={t('adminTokens.plans.title')}>
        <PlanTable byPlan={report.byPlan} />
      </AdminSection>
      <AdminSection title={t('adminTokens.users.title')}>
        {report.total === 0 ? (
          <p className="admin-muted">{t('adminTokens.users.empty')}</p>
        ) : (
          <>
            <TableFrame label={t('adminTokens.users.caption')}>
              <table className="admin-table" aria-busy={loadingPage || undefined}>
                <caption>{t('adminTokens.users.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="admin-table__num">
                      {t('adminTokens.col.rank')}
                    </th>
                    <th scope="col">{t('adminTokens.col.user')}</th>
                    <th scope="col">{t('adminTokens.col.plan')}</th>
                    <TokenColumnHeads />
                  </tr>
                </thead>
                <tbody>
                  {report.users.map((u, i) => (
                    <tr key={u.user_id}>
                      <td className="admin-table__num">{format.number(offset + i + 1)}</td>
                      <th scope="row">
                        <span className="tokens__user-name">
                          {u.display_name || u.email || t('adminTokens.users.guest')}
                        </span>
                        {u.display_name && u.email ? <span className="tokens__user-email">{u.email}</span> : null}
                      </th>
                      <td>{planLabel(u.plan, t)}</td>
                      <TokenCells usage={u} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
            <Pagination
              total={report.total}
              limit={ADMIN_PAGE_SIZE}
              offset={offset}
              onChange={onOffset}
              label={t('adminTokens.pager')}
              disabled={loadingPage}
            />
          </>
        )}
      </AdminSection>
    </>
  );
}

/** Free, Plus and Elite always; any other plan the server reports after them. */
function PlanTable({ byPlan }: { byPlan: PlanUsage[] }) {
  const t = useT();
  const format = useAdminFormat();
  const zero = { tokensIn: 0, tokensOut: 0, tokens: 0, calls: 0, users: 0, sttSeconds: 0, ttsCharacters: 0 };
  const rows: PlanUsage[] = [
    ...PLANS.map((plan) => byPlan.find((p) => p.plan === plan) ?? { plan, ...zero }),
    ...byPlan.filter((p) => !(PLANS as readonly string[]).includes(p.plan)),
  ];
  return (
    <TableFrame label={t('adminTokens.plans.caption')}>
      <table className="admin-table">
        <caption>{t('adminTokens.plans.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminTokens.col.plan')}</th>
            <TokenColumnHeads />
            <th scope="col" className="admin-table__num">
              {t('adminTokens.col.users')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.plan}>
              <th scope="row">{planLabel(row.plan, t)}</th>
              <TokenCells usage={row} />
              <td className="admin-table__num">{format.number(row.users)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** The usage columns both tables share: tokens in, out, in all, model calls, and speech. */
function TokenColumnHeads() {
  const t = useT();
  return (
    <>
      <th scope="col" className="admin-table__num">
        {t('adminTokens.tokensIn')}
      </th>
      <th scope="col" className="admin-table__num">
        {t('adminTokens.tokensOut')}
      </th>
      <th scope="col" className="admin-table__num">
        {t('adminTokens.tokens')}
      </th>
      <th scope="col" className="admin-table__num">
        {t('adminTokens.calls')}
      </th>
      <th scope="col" className="admin-table__num">
        {t('adminTokens.sttSeconds')}
      </th>
      <th scope="col" className="admin-table__num">
        {t('adminTokens.ttsCharacters')}
      </th>
    </>
  );
}

type Usage = Pick<PlanUsage, 'tokensIn' | 'tokensOut' | 'tokens' | 'calls' | 'sttSeconds' | 'ttsCharacters'>;

function TokenCells({ usage }: { usage: Usage }) {
  const format = useAdminFormat();
  return (
    <>
      <td className="admin-table__num">{format.number(usage.tokensIn)}</td>
      <td className="admin-table__num">{format.number(usage.tokensOut)}</td>
      <td className="admin-table__num">{format.number(usage.tokens)}</td>
      <td className="admin-table__num">{format.number(usage.calls)}</td>
      <td className="admin-table__num">{format.number(Math.round(usage.sttSeconds))}</td>
      <td className="admin-table__num">{format.number(usage.ttsCharacters)}</td>
    </>
  );
}
