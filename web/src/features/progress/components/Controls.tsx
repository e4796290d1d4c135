import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n';
import { RANGES, type Range } from '../api/progress';

/**
 * A table's frame: it scrolls sideways where the table is wider than the
 * screen (a phone), a named region keyboard users can focus to scroll it.
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="progress__table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}

/** The 7 / 30 / 90 days switch. */
export function RangeSwitch({ range, onChange }: { range: Range; onChange: (range: Range) => void }) {
  const { t } = useI18n();
  return (
    <div className="progress__range" role="group" aria-label={t('progress.range')}>
      {RANGES.map((days) => (
        <button
          key={days}
          type="button"
          className="progress__range-option"
          aria-pressed={days === range}
          onClick={() => onChange(days)}
        >
          {t('progress.range.days', { days })}
        </button>
      ))}
    </div>
  );
}
