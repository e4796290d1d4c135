import type { MessageKey } from '../../../lib/i18n';
import type { Buyer, Scope, Situation } from '../api/scenarios';
import { FAMILIES } from '../../../lib/families';

/** The situations in display order, with their names. */
export const SITUATIONS: readonly Situation[] = ['cold_call', 'follow_up', 'renewal', 'upsell', 'complaint', 'objection'];
export const situationKey = (s: Situation): MessageKey => `scenarios.situation.${s}`;

export const SCOPES: readonly Scope[] = ['mine', 'team', 'public'];
export const scopeKey = (s: Scope): MessageKey => `scenarios.scope.${s}`;

export const BUYERS: readonly Buyer[] = ['b2b', 'b2c'];
export const buyerKey = (b: Buyer): MessageKey => `scenarios.buyer.${b}`;

/** The catalogue's objection families (coach.Objections), named by the progress screen's texts. */
export { FAMILIES };
export type Family = (typeof FAMILIES)[number];
export const familyKey = (f: Family): MessageKey => `progress.family.${f}`;
export const isFamily = (f: string): f is Family => (FAMILIES as readonly string[]).includes(f);
