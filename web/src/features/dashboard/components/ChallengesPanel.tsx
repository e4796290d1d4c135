import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/Alert';
import { challengeIcon, splitChallengeName } from '../../../components/ui/challenge-icons';
import { ProgressRing } from '../../../components/ui/ProgressRing';
import { WithTooltip } from '../../../components/ui/Tooltip';
import type { ChallengeCard } from '../../../lib/api';
import { localized, useI18n } from '../../../lib/i18n';
import { clampPercent, roman } from '../../../lib/progress';
import { challengesQueryOptions } from '../api/challenges';

/** The ring's fill: the way to the target, clamped to 0–100. */
export function challengePercent(card: Pick<ChallengeCard, 'progressCurrent' | 'progressTarget'>): number {
  if (card.progressTarget <= 0) return card.progressCurrent > 0 ? 100 : 0;
  return clampPercent((card.progressCurrent * 100) / card.progressTarget);
}

/** 'Challenges': nine rings with the user's real counters, stages I–X. */
export function ChallengesPanel({ userId }: { userId: string }) {
  const { t, lang } = useI18n();
  const challenges = useQuery({ ...challengesQueryOptions(userId), enabled: Boolean(userId) });

  return (
    <section className="panel dashboard__challenges" aria-labelledby="dashboard-challenges">
      <h2 id="dashboard-challenges" className="panel__title">
        {t('dashboard.challenges.title')}
      </h2>
      {challenges.isError ? (
        <Alert tone="error">{t('dashboard.challenges.failed')}</Alert>
      ) : challenges.isPending ? (
        <p className="panel__muted">{t('common.loading')}</p>
      ) : (
        <ul className="challenges" aria-labelledby="dashboard-challenges">
          {challenges.data.map((card) => {
            const { iconKey, title: german } = splitChallengeName(card.name);
            const title = localized(lang, german, card.nameEn);
            const description = localized(lang, card.description, card.descriptionEn);
            const Icon = challengeIcon(iconKey || card.icon);
            const stage = roman(card.stage);
            const progress = t('dashboard.challenges.progress', {
              current: card.progressCurrent,
              target: card.progressTarget,
            });
            const label = t('dashboard.challenges.label', {
              name: title,
              stage,
              current: card.progressCurrent,
              target: card.progressTarget,
            });
            return (
              <li key={card.key} className="challenge" data-challenge={card.key}>
                <WithTooltip
                  tip={
                    <>
                      <strong>{title}</strong>
                      {description ? <span className="challenge__tip-text">{description}</span> : null}
                      <span className="challenge__tip-text">{progress}</span>
                    </>
                  }
                >
                  {(describedBy) => (
                    // Focusable so the tooltip (name, description, progress) opens by keyboard too.
                    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                    <span className="challenge__ring" role="img" aria-label={label} aria-describedby={describedBy} tabIndex={0}>
                      <ProgressRing percent={challengePercent(card)} size={64}>
                        <Icon width={22} height={22} />
                      </ProgressRing>
                      <span className="challenge__stage" aria-hidden="true">
                        {stage}
                      </span>
                    </span>
                  )}
                </WithTooltip>
                <span className="challenge__title" aria-hidden="true">
                  {title}
                </span>
                <span className="challenge__progress" aria-hidden="true">
                  {progress}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
