import { useId, useMemo } from 'react';
import { LOCALES, useI18n } from '../../../../lib/i18n';
import type { DayCount } from '../api/overview';

const WIDTH = 600;
const HEIGHT = 180;
const PAD_TOP = 12;
const PAD_BOTTOM = 24;
const PAD_LEFT = 28;
const GAP = 4;

/**
 * New users per day as an SVG bar chart (attributes only, no inline styles:
 * strict CSP). Screen readers get a one-line summary for the picture and the
 * full numbers as a table.
 */
export function NewUsersChart({ days }: { days: DayCount[] }) {
  const { t, lang } = useI18n();
  const summaryId = useId();
  const dayFormat = useMemo(() => {
    const short = new Intl.DateTimeFormat(LOCALES[lang], {
      day: '2-digit',
      month: '2-digit',
      timeZone: 'UTC',
    });
    const long = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone: 'UTC' });
    const parse = (day: string) => {
      const time = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(time.getTime()) ? null : time;
    };
    return {
      short: (day: string) => {
        const time = parse(day);
        return time ? short.format(time) : day;
      },
      long: (day: string) => {
        const time = parse(day);
        return time ? long.format(time) : day;
      },
    };
  }, [lang]);

  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const first = days[0]?.day ?? '';
  const last = days[days.length - 1]?.day ?? '';
  const plotWidth = WIDTH - PAD_LEFT;
  const plotHeight = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const slot = days.length > 0 ? plotWidth / days.length : plotWidth;
  const barWidth = Math.max(1, slot - GAP);
  const baseline = HEIGHT - PAD_BOTTOM;

  return (
    <figure className="chart">
      <svg
        className="chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={summaryId}
        focusable="false"
      >
        <title id={summaryId}>
          {t('adminCore.overview.chartSummary', {
            total,
            from: dayFormat.long(first),
            to: dayFormat.long(last),
            max: Math.max(0, ...days.map((d) => d.count)),
          })}
        </title>
        <line className="chart__axis" x1={PAD_LEFT} y1={baseline} x2={WIDTH} y2={baseline} />
        <line className="chart__grid" x1={PAD_LEFT} y1={PAD_TOP} x2={WIDTH} y2={PAD_TOP} />
        <text className="chart__label" x={PAD_LEFT - 6} y={PAD_TOP + 4} textAnchor="end">
          {max}
        </text>
        <text className="chart__label" x={PAD_LEFT - 6} y={baseline} textAnchor="end">
          0
        </text>
        {days.map((d, i) => {
          const height = (d.count / max) * plotHeight;
          return (
            <rect
              key={d.day}
              className="chart__bar"
              x={PAD_LEFT + i * slot + GAP / 2}
              y={baseline - height}
              width={barWidth}
              height={height}
              rx={2}
            >
              <title>{t('adminCore.overview.bar', { day: dayFormat.long(d.day), count: d.count })}</title>
            </rect>
          );
        })}
        {first ? (
          <text className="chart__label" x={PAD_LEFT} y={HEIGHT - 6} textAnchor="start">
            {dayFormat.short(first)}
          </text>
        ) : null}
        {last ? (
          <text className="chart__label" x={WIDTH} y={HEIGHT - 6} textAnchor="end">
            {dayFormat.short(last)}
          </text>
        ) : null}
      </svg>
      <table className="visually-hidden">
        <caption>{t('adminCore.overview.chartTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminCore.overview.day')}</th>
            <th scope="col">{t('adminCore.overview.count')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayFormat.long(d.day)}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
