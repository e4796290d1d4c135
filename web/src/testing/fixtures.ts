import type { AuthUser, MeResponse, Session } from '../lib/api';
import type { StoredSession } from '../lib/auth';

export const USER_ID = '0b6c1f3e-1111-4c1a-9f00-000000000001';

export function makeAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: USER_ID,
    email: 'anna@example.com',
    is_anonymous: false,
    email_confirmed_at: '2025-01-01T10:00:00Z',
    created_at: '2025-01-01T09:00:00Z',
    identities: [{ provider: 'email', email: 'anna@example.com' }],
    factors: [],
    ...overrides,
  };
}

/** A session valid for an hour from `nowMs`. */
export function makeSession(overrides: Partial<Session> = {}, nowMs = Date.now()): Session {
  return {
    access_token: 'access-1',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(nowMs / 1000) + 3600,
    user: makeAuthUser(),
    ...overrides,
  };
}

export function makeStoredSession(overrides: Partial<StoredSession> = {}, nowMs = Date.now()): StoredSession {
  const s = makeSession({}, nowMs);
  return { access_token: s.access_token, expires_at: s.expires_at, user: s.user, ...overrides };
}

export function makeMe(
  overrides: { user?: Partial<MeResponse['user']>; profile?: Partial<MeResponse['profile']> } = {},
): MeResponse {
  return {
    user: {
      id: USER_ID,
      email: 'anna@example.com',
      display_name: 'Anna Beispiel',
      avatar_url: '',
      role: '',
      formality: 'du',
      language: 'de',
      tone_preset_id: null,
      level: 1,
      xp: 0,
      status: 'active',
      company: '',
      is_anonymous: false,
      terms_accepted_at: '2025-01-01T10:00:00Z',
      terms_version: 2,
      ...overrides.user,
    },
    profile: {
      user_id: USER_ID,
      product_description: 'CRM-Software',
      has_seen_intro: true,
      streak: 1,
      progress: 0,
      objections_solved_count: 0,
      messages_sent_count: 0,
      ...overrides.profile,
    },
    level: { level: 1, xp: 0, progress: 0, xpForNext: 100, xp_for_next_level: 100 },
  };
}
