import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';
import type { FamilyProgress } from '../api/progress';
import { familyName } from '../lib/names';
import { TableScroll } from './Controls';

interface FamilyTableProps {
  families: readonly FamilyProgress[];
  /** The table's name; shown above it unless hidden (a heading names it already). */
  caption: string;
  captionHidden?: boolean;
  /** Families marked weak: the row stands out and says so in words, not by colour alone. */
  weak?: ReadonlySet<string>;
  /** The third column: the objections overcome, or (the team's failures) those not overcome. */
  count?: 'solved' | 'failed';
}

/**
 * The objection families as a table: attempts, solved (or not solved) and the average score,
 * in a frame that scrolls on a phone; without families, a line that says so. 'Mein
 * Fortschritt', a member's page and the team's aggregates show it.
 */
export function FamilyTable({ families, caption, captionHidden = false, weak, count = 'solved' }: FamilyTableProps) {
  const { t } = useI18n();
  const captionId = useId();
  if (families.length === 0) return <p>{t('progress.families.empty')}</p>;
  return (
    <TableScroll labelledBy={captionId}>
      <table className="progress__table">
        <caption id={captionId} className={captionHidden ? 'visually-hidden' : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('progress.families.family')}</th>
            <th scope="col">{t('progress.families.attempts')}</th>
            <th scope="col">{t(count === 'failed' ? 'progress.families.failed' : 'progress.families.solved')}</th>
            <th scope="col">{t('progress.families.average')}</th>
          </tr>
        </thead>
        <tbody>
          {families.map((f) => {
            const isWeak = weak?.has(f.key) ?? false;
            return (
              <tr key={f.key} className={isWeak ? 'progress__weak' : undefined}>
                <th scope="row">
                  {familyName(t, f.key)}
                  {isWeak ? <span className="progress__badge">{t('progress.families.weak')}</span> : null}
                </th>
                <td className="progress__num">{f.attempts}</td>
                <td className="progress__num">{count === 'failed' ? f.attempts - f.solved : f.solved}</td>
                <td className="progress__num">{f.averageScore ?? t('progress.none')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
