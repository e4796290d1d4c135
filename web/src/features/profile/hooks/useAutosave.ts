import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { meQueryKey, updateMe, type MeResponse, type MeUpdateRequest } from '../../../lib/api';

/** Autosave waits this long after the last change (spec 01 §9). */
export const AUTOSAVE_MS = 800;

/** The fields of PATCH /api/me the profile form edits. */
export interface ProfileValues {
  display_name: string;
  role: string;
  formality: '' | 'du' | 'sie';
  language: '' | 'de' | 'en';
  /** '' = Standard (neutral), sent as null. */
  tone_preset_id: string;
  product_description: string;
}

export function valuesFromMe(me: MeResponse): ProfileValues {
  return {
    display_name: me.user.display_name,
    role: me.user.role,
    formality: me.user.formality,
    language: me.user.language,
    tone_preset_id: me.user.tone_preset_id ?? '',
    product_description: me.profile.product_description,
  };
}

/** The request for the fields of `next` that differ from `saved` (null when none do). */
export function changedFields(saved: ProfileValues, next: ProfileValues): MeUpdateRequest | null {
  const patch: MeUpdateRequest = {};
  let any = false;
  for (const key of Object.keys(next) as (keyof ProfileValues)[]) {
    if (next[key] === saved[key]) continue;
    any = true;
    if (key === 'tone_preset_id') patch.tone_preset_id = next.tone_preset_id || null;
    else Object.assign(patch, { [key]: next[key] });
  }
  return any ? patch : null;
}

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * Keeps the server in step with the form: `schedule` saves the changed fields
 * AUTOSAVE_MS after the last change, `saveNow` at once (after any save in
 * flight). Saves run one after another; each answer updates the /api/me cache.
 * A change still waiting is saved when the form goes away.
 */
export function useAutosave(userId: string, initial: ProfileValues) {
  const queryClient = useQueryClient();
  const saved = useRef(initial);
  const latest = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<unknown>(null);

  const persist = useCallback(
    (values: ProfileValues): Promise<boolean> => {
      const run = chain.current.then(async () => {
        const patch = changedFields(saved.current, values);
        if (!patch) {
          setState((s) => (s === 'pending' || s === 'saving' ? 'saved' : s));
          return true;
        }
        setState('saving');
        setError(null);
        try {
          const me = await updateMe(patch);
          saved.current = { ...saved.current, ...pick(values, patch) };
          queryClient.setQueryData<MeResponse>(meQueryKey(userId), me);
          setState(timer.current ? 'pending' : 'saved');
          return true;
        } catch (err) {
          setError(err);
          setState('error');
          return false;
        }
      });
      chain.current = run.catch(() => undefined);
      return run;
    },
    [queryClient, userId],
  );

  const schedule = useCallback(
    (values: ProfileValues) => {
      latest.current = values;
      if (timer.current) clearTimeout(timer.current);
      setState('pending');
      timer.current = setTimeout(() => {
        timer.current = null;
        void persist(latest.current);
      }, AUTOSAVE_MS);
    },
    [persist],
  );

  const saveNow = useCallback(
    (values: ProfileValues) => {
      latest.current = values;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      return persist(values);
    },
    [persist],
  );

  // Closing the popup does not lose a change that waits for its timer.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
        void persist(latest.current);
      }
    },
    [persist],
  );

  return { state, error, schedule, saveNow };
}

function pick(values: ProfileValues, patch: MeUpdateRequest): Partial<ProfileValues> {
  const out: Partial<ProfileValues> = {};
  for (const key of Object.keys(patch) as (keyof ProfileValues)[]) {
    Object.assign(out, { [key]: values[key] });
  }
  return out;
}
