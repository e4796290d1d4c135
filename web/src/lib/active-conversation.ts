import { useSyncExternalStore } from 'react';

/**
 * The conversation open on the chat screen, so the sidebar can mark it and
 * leave it when it is deleted. Client state only (not server data).
 */
let active: string | null = null;
const listeners = new Set<() => void>();

export function setActiveConversation(id: string | null): void {
  if (id === active) return;
  active = id;
  for (const l of listeners) l();
}

export function getActiveConversation(): string | null {
  return active;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useActiveConversation(): string | null {
  return useSyncExternalStore(subscribe, getActiveConversation, getActiveConversation);
}
