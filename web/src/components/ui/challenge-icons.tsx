import type { ComponentType, SVGProps } from 'react';
import {
  FlameIcon,
  HeartMessageIcon,
  LightbulbIcon,
  MessageSquareIcon,
  PhoneIcon,
  ShieldCheckIcon,
  SparklesIcon,
  StarIcon,
  TrophyIcon,
  ZapIcon,
} from './icons';

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

/** The separator of "iconkey – Title" (en dash with spaces). */
const SEPARATOR = ' – ';

/** Splits a challenge name "iconkey – Title" into its icon key and title. */
export function splitChallengeName(name: string): { iconKey: string; title: string } {
  const at = name.indexOf(SEPARATOR);
  if (at < 0) return { iconKey: '', title: name.trim() };
  return { iconKey: name.slice(0, at).trim(), title: name.slice(at + SEPARATOR.length).trim() };
}

/** The icon of a key; a star for keys it does not know. */
export function challengeIcon(key: string): IconComponent {
  return ICONS[key.trim().toLowerCase()] ?? StarIcon;
}
