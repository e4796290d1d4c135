import type { ComponentType, SVGProps } from 'react';
import { FlameIcon, HeartMessageIcon, MessageSquareIcon, ShieldCheckIcon, SparklesIcon, StarIcon, TrophyIcon, ZapIcon } from './icons/pages';
import { LightbulbIcon, PhoneIcon } from './icons/app';

export { splitChallengeName } from './challenge-name';

type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

/** Icon keys of the challenges (lucide names) → inline SVG icons (no icon font, no CDN). */
const ICONS: Record<string, IconComponent> = {
  'shield-check': ShieldCheckIcon,
  'message-square': MessageSquareIcon,
  zap: ZapIcon,
  'message-circle-heart': HeartMessageIcon,
  phone: PhoneIcon,
  lightbulb: LightbulbIcon,
  sparkles: SparklesIcon,
  trophy: TrophyIcon,
  flame: FlameIcon,
};

/** The icon keys the back-office suggests (each has its own icon). */
export const CHALLENGE_ICON_KEYS: readonly string[] = Object.keys(ICONS);


/** The icon of a key; a star for keys it does not know. */
export function challengeIcon(key: string): IconComponent {
  return ICONS[key.trim().toLowerCase()] ?? StarIcon;
}
