import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions } from '../lib/api';
import { sessions, useAuth } from '../lib/auth';
import { useI18n } from '../lib/i18n';
import { useRealtime } from '../lib/realtime';

/**
 * Starts the session manager, follows the signed-in user's language, keeps
 * the live-update stream open while signed in and forgets cached server data
 * when the session ends (in any tab).
 */
export function AuthEffects() {
  const queryClient = useQueryClient();
  const { setUserLanguage } = useI18n();
  const { session } = useAuth();
  const me = useQuery({ ...meQueryOptions(session?.user.id ?? ''), enabled: false });
  const language = session ? me.data?.user.language : undefined;

  useRealtime(session?.user.id ?? null);

  useEffect(() => {
    void sessions.start();
  }, []);

  useEffect(
    () =>
      sessions.onAuthEvent((type) => {
        if (type === 'SIGNED_OUT') queryClient.clear();
      }),
    [queryClient],
  );

  useEffect(() => {
    // '' (Standard) follows the visitor's own choice, German by default.
    if (!session || language === '') setUserLanguage(null);
    else if (language) setUserLanguage(language);
  }, [session, language, setUserLanguage]);

  return null;
}
