import { useQuery } from '@tanstack/react-query';
import { splitChallengeName } from '../../../components/ui/challenge-name';
import { ProgressRing } from '../../../components/ui/ProgressRing';
import { WithTooltip } from '../../../components/ui/Tooltip';
import { localized, useI18n } from '../../../lib/i18n';
import { clampPercent, roman } from '../../../lib/progress';
import { challengesQueryOptions } from '../../dashboard/api/challenges';
import { stageFraction, topChallenges } from '../lib/top-challenges';

/**
 * The user's three challenges closest to their next stage (the
 * specification's fn_top_challenges, limit 3) as round progress rings, each
 * with a tooltip of name, stage (I–X) and percent to the next stage. The
 * query lives under ['me', userId], so live profile changes move the rings
 * (whatever its staleTime: the app's boot has usually read it already).
 * While it loads, three empty rings hold the place, so the header does not
 * grow when they arrive (a layout shift on a phone).
 */
export function ChallengeRings({ userId }: { userId: string }) {
  const { t, lang } = useI18n();
  const challenges = useQuery({ ...challengesQueryOptions(userId), enabled: Boolean(userId), staleTime: 30_000 });
  if (challenges.isPending && userId) {
    return (
      <ul className="rings" aria-hidden="true" data-pending="">
        {[0, 1, 2].map((i) => (
          <li key={i} className="rings__item">
            <span className="rings__ring">
              <ProgressRing percent={0} size={34}>
                <span className="rings__stage" />
              </ProgressRing>
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (!challenges.data) return null;
  return (
    <ul className="rings" aria-label={t('chat.rings')}>
      {topChallenges(challenges.data).map((card) => {
        const name = localized(lang, splitChallengeName(card.name).title, card.nameEn);
        const percent = clampPercent(stageFraction(card) * 100);
        const tip = t('chat.ring.tip', { name, stage: roman(card.stage), percent });
        return (
          <li key={card.key} className="rings__item" data-challenge={card.key}>
            <WithTooltip tip={tip}>
              {() => (
                <span className="rings__ring" role="img" aria-label={tip}>
                  <ProgressRing percent={percent} size={34}>
                    <span className="rings__stage">{roman(card.stage)}</span>
                  </ProgressRing>
                </span>
              )}
            </WithTooltip>
          </li>
        );
      })}
    </ul>
  );
}
