import { useSyncExternalStore } from 'react';

/**
 * Whether someone asked for a voice call (the sidebar's 'Telefonieren').
 * The chat screen starts it in its current chat and clears the request, so
 * shared components need not import the chat feature.
 */
let wanted = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (wanted === next) return;
  wanted = next;
  for (const listener of listeners) listener();
}

export function requestVoiceCall(): void {
  set(true);
}

export function clearVoiceCallRequest(): void {
  set(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const read = () => wanted;

export function useVoiceCallRequested(): boolean {
  return useSyncExternalStore(subscribe, read, read);
}
