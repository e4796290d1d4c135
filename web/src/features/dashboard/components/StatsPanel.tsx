import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/Alert';
import { FlameIcon, StarIcon } from '../../../components/ui/icons/pages';
import { ProgressRing } from '../../../components/ui/ProgressRing';
import { meQueryOptions } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { levelView } from '../../../lib/progress';

/** 'User-Stats': a level ring with the percent to the next level, the streak and the XP. */
export function StatsPanel({ userId }: { userId: string }) {
  const t = useT();
  const me = useQuery({ ...meQueryOptions(userId), enabled: Boolean(userId) });
  const level = levelView(me.data?.level);
  const streak = me.data?.profile.streak ?? 0;
  const xp = me.data?.level.xp ?? me.data?.user.xp ?? 0;

  return (
    <section className="panel dashboard__stats" aria-labelledby="dashboard-stats">
      <h2 id="dashboard-stats" className="panel__title">
        {t('dashboard.stats.title')}
      </h2>
      {me.isError ? (
        <Alert tone="error">{t('dashboard.loadFailed')}</Alert>
      ) : (
        <div className="stats">
          <div className="stats__level">
            <span
              className="stats__ring"
              role="img"
              aria-label={t('level.label', { level: level.level, percent: level.percent })}
            >
              <ProgressRing percent={level.percent} size={96}>
                <span className="stats__percent">{t('dashboard.stats.percent', { percent: level.percent })}</span>
              </ProgressRing>
            </span>
            <span className="stats__level-text">
              <span className="stats__level-title">{t('level.title', { level: level.level })}</span>
              <span className="stats__muted">
                {t('dashboard.stats.toNext', { xp: level.xpInLevel, next: level.xpForNext, level: level.level + 1 })}
              </span>
            </span>
          </div>
          <dl className="stats__list">
            <div className="stats__item">
              <dt>
                <FlameIcon width={18} height={18} />
                {t('dashboard.stats.streak')}
              </dt>
              <dd>
                {t('dashboard.stats.streakDays', { count: streak })}
              </dd>
            </div>
            <div className="stats__item">
              <dt>
                <StarIcon width={18} height={18} />
                {t('dashboard.stats.xp')}
              </dt>
              <dd>{t('dashboard.stats.xpValue', { xp })}</dd>
            </div>
          </dl>
        </div>
      )}
    </section>
  );
}
