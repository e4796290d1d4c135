import { QueryClient } from '@tanstack/react-query';
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/App';
import { ApiError } from '../lib/api';
import { STORAGE_KEY, type StoredSession } from '../lib/auth';
import { makeStoredSession } from './fixtures';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export interface RenderAppOptions {
  /** A stored session to start with (true = the default fixture). */
  session?: StoredSession | true;
  /** Store it in localStorage ('Angemeldet bleiben') instead of sessionStorage. */
  remember?: boolean;
}

/** Renders the whole app at `/app` + `path`, the way a browser would open it. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  window.history.replaceState(null, '', `/app${path}`);
  if (options.session) {
    const session = options.session === true ? makeStoredSession() : options.session;
    const storage = options.remember ? window.localStorage : window.sessionStorage;
    storage.setItem(STORAGE_KEY, JSON.stringify(session));
  }
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  const result: RenderResult = render(<App queryClient={queryClient} />);
  return { ...result, user, queryClient };
}

/** The path inside the app (without the /app basename). */
export function currentPath(): string {
  return window.location.pathname.replace(/^\/app/, '') || '/';
}

export { screen, ApiError };
