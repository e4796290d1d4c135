import type { MessageKey } from '../../lib/i18n';

/** What a step points at: the element with data-tour="{target}". */
export type TourTarget = 'level' | 'new-chat' | 'hint' | 'difficulty' | 'help' | 'feedback';

export interface TourStep {
  target: TourTarget;
  title: MessageKey;
  text: MessageKey;
  /** Where the card sits next to its target. */
  placement: 'right' | 'top' | 'bottom';
}

/** The six steps (spec 01 §2 'Guided tutorial'). */
export const TOUR_STEPS: readonly TourStep[] = [
  { target: 'level', title: 'tour.level.title', text: 'tour.level.text', placement: 'right' },
  { target: 'new-chat', title: 'tour.newChat.title', text: 'tour.newChat.text', placement: 'right' },
  { target: 'hint', title: 'tour.hint.title', text: 'tour.hint.text', placement: 'top' },
  { target: 'difficulty', title: 'tour.difficulty.title', text: 'tour.difficulty.text', placement: 'bottom' },
  { target: 'help', title: 'tour.help.title', text: 'tour.help.text', placement: 'right' },
  { target: 'feedback', title: 'tour.feedback.title', text: 'tour.feedback.text', placement: 'right' },
];

/** The element a step points at when it is on screen; else null (the step shows centred). */
export function findTarget(target: TourTarget): HTMLElement | null {
  const el = document.querySelector<HTMLElement>(`[data-tour="${target}"]`);
  if (!el || el.closest('[hidden], [inert]')) return null;
  const rect = el.getBoundingClientRect();
  if (rect.width <= 0 || rect.height <= 0) return null;
  const inView =
    rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight && rect.left < window.innerWidth;
  return inView ? el : null;
}

/** CSS anchor positioning places the card next to its target (else it is centred). */
export function supportsAnchors(): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('anchor-name: --a');
}
