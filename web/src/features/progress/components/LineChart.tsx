import { useT } from '../../../lib/i18n';
import { CHART, chartLines, type ChartPoint } from '../lib/analysis';

export interface LineChartProps {
  /** What the values are ('Einwand anerkennen je Woche'): the start of the chart's accessible name. */
  name: string;
  points: readonly ChartPoint[];
}

/**
 * A line chart of percentages (0–100) in plain SVG, no chart library: one
 * image whose accessible name says every value ('Einwand anerkennen je
 * Woche: 23. Nov. 40 %, 30. Nov. 60 %'); the page has the same values as a
 * table too. A week without a value is a gap in the line.
 */
export function LineChart({ name, points }: LineChartProps) {
  const t = useT();
  const { lines, dots } = chartLines(points);
  const values = points
    .filter((p) => p.value !== null)
    .map((p) => t('progress.chart.point', { label: p.label, value: t('progress.rate', { percent: p.value ?? 0 }) }));
  const label = t('progress.chart.label', { name, points: values.length ? values.join(', ') : t('progress.chart.empty') });
  const { width, height, padY } = CHART;
  const grid = [0, 50, 100].map((v) => height - padY - (v / 100) * (height - 2 * padY));
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure className="line-chart">
      <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} className="line-chart__svg">
        {grid.map((y) => (
          <line key={y} x1={0} x2={width} y1={y} y2={y} className="line-chart__grid" />
        ))}
        {lines.map((line) => (
          <polyline key={line} points={line} className="line-chart__line" />
        ))}
        {dots.map((d) => (
          <circle key={`${d.x},${d.y}`} cx={d.x} cy={d.y} r={3} className="line-chart__dot" />
        ))}
      </svg>
      {first && last && points.length > 1 ? (
        <div className="line-chart__axis" aria-hidden="true">
          <span>{first.label}</span>
          <span>{last.label}</span>
        </div>
      ) : null}
    </figure>
  );
}
