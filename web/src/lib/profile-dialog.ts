import { useSyncExternalStore } from 'react';

/**
 * Whether the profile popup ('Profil bearbeiten') is open. The sidebar (and
 * any other place) opens it; the app layer renders it, so shared components
 * need not import the profile feature.
 */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export function openProfileDialog(): void {
  set(true);
}

export function closeProfileDialog(): void {
  set(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const read = () => open;

export function useProfileDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, read, read);
}
