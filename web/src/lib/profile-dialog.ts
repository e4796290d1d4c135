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

/**
 * The return from a Google/Apple re-authentication before an account
 * deletion (/app/dashboard?reauth=1 or ?reauth=failed): the app opens the
 * profile with its deletion dialog, which reads this until it is closed.
 */
export type ReauthReturn = 'ok' | 'failed';

let reauthReturn: ReauthReturn | null = null;

/** Notes the return named by a search string's reauth parameter; true when there was one. */
export function noteReauthReturn(value: string | null): boolean {
  if (value === null) return false;
  reauthReturn = value === '1' ? 'ok' : 'failed';
  return true;
}

/** The noted return, until clearReauthReturn. */
export function readReauthReturn(): ReauthReturn | null {
  return reauthReturn;
}

export function clearReauthReturn(): void {
  reauthReturn = null;
}
