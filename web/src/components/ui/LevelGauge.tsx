import { useT } from '../../lib/i18n';
import type { LevelView } from '../../lib/progress';
import { ProgressRing } from './ProgressRing';
import { WithTooltip } from './Tooltip';

/**
 * The level/XP gauge: a ring with the progress in the current level and the
 * badge 'Lv N' whose tooltip says 'x / y XP'.
 */
export function LevelGauge({
  level,
  showText = false,
  tipAlign = 'center',
}: {
  level: LevelView;
  showText?: boolean;
  tipAlign?: 'center' | 'start' | 'end';
}) {
  const t = useT();
  const xp = t('level.xp', { xp: level.xpInLevel, next: level.xpForNext });
  return (
    <span className="level-gauge">
      <WithTooltip tip={xp} align={tipAlign}>
        {(describedBy) => (
          <span
            className="level-gauge__badge"
            role="img"
            aria-label={t('level.label', { level: level.level, percent: level.percent })}
            aria-describedby={describedBy}
          >
            <ProgressRing percent={level.percent} size={36}>
              <span className="level-gauge__lv">{t('level.badge', { level: level.level })}</span>
            </ProgressRing>
          </span>
        )}
      </WithTooltip>
      {showText ? (
        <span className="level-gauge__text sidebar__label">
          <span className="level-gauge__title">{t('level.title', { level: level.level })}</span>
          <span className="level-gauge__xp">{xp}</span>
        </span>
      ) : null}
    </span>
  );
}
