import { useSyncExternalStore } from 'react';

/**
 * Phones: up to 600 px wide, or a touch screen up to a tablet's 768 px. There
 * the signed-in frame is a top bar whose menu button opens the sidebar as a
 * drawer, and the chat is compact. The style sheets repeat this query
 * (layouts.css, chat.css).
 */
export const PHONE_QUERY = '(max-width: 37.5rem), (pointer: coarse) and (max-width: 48rem)';

/** A touch screen without a mouse or trackpad: no keyboard advice there (no hover either). */
export const TOUCH_ONLY_QUERY = '(hover: none) and (pointer: coarse)';

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** True on a touch-only device (read once: a phone does not grow a keyboard mid-sentence). */
export function touchOnly(): boolean {
  return matches(TOUCH_ONLY_QUERY);
}

function subscribePhone(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the screen is a phone's (PHONE_QUERY); follows rotation and resizing. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => matches(PHONE_QUERY),
    () => false,
  );
}
