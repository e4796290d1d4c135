// Shapes of the Sales Coach HTTP API (see docs/api/openapi.yaml).
// Kept in one file so they can later be generated from the OpenAPI document.

/** The body of every non-2xx answer. `error` is the German text to show. */
export interface ApiErrorBody {
  error: string;
  details?: string;
  fields?: Record<string, string>;
}

export interface Identity {
  provider: string;
  email: string;
}

/** GET /api/auth/user and Session.user. */
export interface AuthUser {
  id: string;
  /** "" for an anonymous guest. */
  email: string;
  is_anonymous: boolean;
  email_confirmed_at: string | null;
  created_at: string;
  identities: Identity[];
  factors: unknown[];
}

/** Answer of login, refresh and anonymous sign-in. */
export interface Session {
  access_token: string;
  token_type: 'bearer';
  /** Lifetime in seconds. */
  expires_in: number;
  /** Unix seconds. */
  expires_at: number;
  user: AuthUser;
}

/** GET /api/auth/providers */
export interface ProvidersResponse {
  google: boolean;
  apple: boolean;
}

export type OAuthProvider = 'google' | 'apple';

/** POST /api/auth/signup */
export interface SignupRequest {
  email: string;
  password: string;
  company?: string;
  termsAccepted: boolean;
  ref?: string;
}

/** POST /api/auth/login */
export interface LoginRequest {
  email: string;
  password: string;
  remember: boolean;
}

/** POST /api/auth/confirm */
export interface ConfirmRequest {
  token: string;
}

/** POST /api/auth/recover */
export interface RecoverRequest {
  email: string;
}

/** POST /api/auth/reset */
export interface ResetRequest {
  token: string;
  password: string;
}

/** POST /api/auth/upgrade (guests only) */
export interface UpgradeRequest {
  email: string;
  password: string;
}

export interface OkResponse {
  ok: true;
}

/** GET /api/auth/is-admin */
export interface IsAdminResponse {
  isAdmin: boolean;
  reason?: string;
}

export type Formality = 'du' | 'sie';
export type Language = 'de' | 'en';
export type TermsVersion = 0 | 1 | 2;

/** The current terms version users must accept. */
export const CURRENT_TERMS_VERSION = 2;

export interface MeUser {
  id: string;
  email: string;
  display_name: string;
  avatar_url: string;
  role: string;
  formality: Formality;
  language: Language;
  tone_preset_id: string | null;
  level: number;
  xp: number;
  status: string;
  company: string;
  is_anonymous: boolean;
  terms_accepted_at: string | null;
  terms_version: TermsVersion;
}

export interface MeProfile {
  user_id: string;
  product_description: string;
  has_seen_intro: boolean;
  streak: number;
  progress: number;
  objections_solved_count: number;
  messages_sent_count: number;
}

export interface LevelInfo {
  level: number;
  xp: number;
  progress: number;
  xpForNext: number;
  xp_for_next_level: number;
}

/** GET /api/me */
export interface MeResponse {
  user: MeUser;
  profile: MeProfile;
  level: LevelInfo;
}

/** POST /api/me/terms */
export interface TermsRequest {
  userAgent: string;
}

export interface TermsResponse {
  terms_accepted_at: string;
  terms_version: TermsVersion;
}

/** POST /api/me/streak */
export interface StreakResponse {
  streak: number;
  first: boolean;
}

/** POST /api/consent */
export interface ConsentRequest {
  consentType: 'terms';
  termsVersion: number;
  userAgent: string;
}

export type TrackSource =
  | 'google'
  | 'ai-tool'
  | 'instagram'
  | 'youtube'
  | 'tiktok'
  | 'linkedin'
  | 'direct'
  | 'other';

/** POST /api/track */
export interface TrackRequest {
  path: string;
  source: TrackSource;
}

/** Chat modes as the API spells them. */
export type ChatMode = 'Übung' | 'Prüfung';
