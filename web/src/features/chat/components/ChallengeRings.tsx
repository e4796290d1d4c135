import { ProgressRing } from '../../../components/ui/ProgressRing';
import { WithTooltip } from '../../../components/ui/Tooltip';
import type { MeProfile } from '../../../lib/api';
import { useT, type MessageKey } from '../../../lib/i18n';
import { challengeProgress, roman } from '../../../lib/progress';

const ITEMS: readonly { key: 'objections_solved_count' | 'messages_sent_count'; name: MessageKey }[] = [
  { key: 'objections_solved_count', name: 'chat.ring.objections' },
  { key: 'messages_sent_count', name: 'chat.ring.messages' },
];

/**
 * Round progress rings of the staged challenges (objections solved, messages
 * sent): each with a tooltip of name, stage (I–X) and percent to the next stage.
 */
export function ChallengeRings({ profile }: { profile: Pick<MeProfile, 'objections_solved_count' | 'messages_sent_count'> | undefined }) {
  const t = useT();
  return (
    <ul className="rings" aria-label={t('chat.rings')}>
      {ITEMS.map(({ key, name }) => {
        const value = profile?.[key] ?? 0;
        const p = challengeProgress(value);
        const tip = t('chat.ring.tip', { name: t(name), stage: roman(p.stage), percent: p.percent });
        return (
          <li key={key} className="rings__item">
            <WithTooltip tip={tip}>
              {() => (
                <span className="rings__ring" role="img" aria-label={tip}>
                  <ProgressRing percent={p.percent} size={34}>
                    <span className="rings__stage">{roman(p.stage)}</span>
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
