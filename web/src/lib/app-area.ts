import { useSyncExternalStore } from 'react';

/**
 * Which part of the app an admin is in: the back-office ('admin', where
 * signing in lands them, spec 01 §2) or the training app ('training', where
 * they chat, see their dashboard and profile like any user). Kept per tab in
 * sessionStorage, so a reload (or PayPal's return to /app/dashboard) stays
 * in the same part. Regular users are always in the training app; this is
 * only read for admins.
 */
export type AppArea = 'admin' | 'training';

export const AREA_STORAGE_KEY = 'sc.area';

const listeners = new Set<() => void>();

function read(): AppArea {
  try {
    return window.sessionStorage.getItem(AREA_STORAGE_KEY) === 'training' ? 'training' : 'admin';
  } catch {
    return memory;
  }
}

// Without storage the choice lasts for this page.
let memory: AppArea = 'admin';

export function setAppArea(area: AppArea): void {
  memory = area;
  try {
    if (area === 'training') window.sessionStorage.setItem(AREA_STORAGE_KEY, 'training');
    else window.sessionStorage.removeItem(AREA_STORAGE_KEY);
  } catch {
    // storage disabled: memory holds it
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The part of the app an admin is in; re-renders when it changes. */
export function useAppArea(): AppArea {
  return useSyncExternalStore(subscribe, read, read);
}
