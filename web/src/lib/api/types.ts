// Shapes of the Sales Coach HTTP API (see docs/api/openapi.yaml).
// Kept in one file so they can later be generated from the OpenAPI document.

/** A message of the server: a stable code, its German text, its placeholders. */
export interface ApiMessage {
  code: string;
  error: string;
  params?: Record<string, unknown>;
}

/**
 * The body of every non-2xx answer: `code` is stable and translated by the
 * client (lib/i18n/server.ts); `error` is the German default text; `fields`
 * names the fields at fault, each with its own code and text.
 */
export interface ApiErrorBody {
  code?: string;
  error: string;
  params?: Record<string, unknown>;
  details?: string;
  /** The code of `details`, whose placeholders are in `params`. */
  detailsCode?: string;
  fields?: Record<string, ApiMessage | string>;
  /** The chat a failed first message created: continue it instead of starting another. */
  conversationId?: string;
  /** Seconds to wait, as in Retry-After (repeated for a stream's error event, which has no header). */
  retryAfter?: number;
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
  /** '' = Standard (du). */
  formality: Formality | '';
  /** '' = Standard (de). */
  language: Language | '';
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
  /** XP within the current level as a percentage of xpForNext (0–100). */
  progress: number;
  /** XP the current level needs in all. */
  xpForNext: number;
  xp_for_next_level: number;
  /** XP gathered within the current level (newer servers; else derived from progress). */
  xpInLevel?: number;
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

/** 1 Leicht, 2 Mittel, 3 Schwer. */
export type Difficulty = 1 | 2 | 3;

export type MessageRole = 'user' | 'seller' | 'assistant' | 'system';

export type EngineName = 'builtin' | 'openai';

/** GET /api/chat/preflight */
export interface PreflightResponse {
  allowed: boolean;
  limit: number;
  used?: number;
  engine?: EngineName;
}

/** POST /api/chat */
export interface ChatRequest {
  conversationId?: string;
  mode?: ChatMode;
  difficulty?: Difficulty;
  message: string;
  productOverride?: string;
  pdfName?: string;
  pdfText?: string;
}

export type TechniqueKey = 'acknowledge' | 'question' | 'benefit' | 'evidence' | 'next_step' | 'formality' | 'tone';

/** One technique of an answer: shown or missing, with a one-line reason. */
export interface Technique {
  /** A TechniqueKey; other keys may come from newer servers. */
  key: string;
  label: string;
  shown: boolean;
  reason: string;
}

/** The assessment of the latest answer of a practice chat. */
export interface Score {
  /** Progress on the objection the answer addressed, after the answer (0–100). */
  totalPercent: number;
  /** Quality of the answer itself (0–100). */
  answerScore?: number;
  stage: number;
  totalStages: number;
  progress: number;
  solved?: boolean;
  completed: boolean;
  techniques: Technique[];
}

/** The answer to a chat message (JSON, or the `done` event of the stream). */
export interface ChatAnswer {
  message: string;
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  stage: number;
  totalStages: number;
  progress: number;
  completed: boolean;
  title: string;
  score: Score | null;
}

/** GET /api/conversations (items). */
export interface Conversation {
  id: string;
  title: string;
  mode: ChatMode;
  difficulty: Difficulty | null;
  created_at: string;
  completed_at: string | null;
}

export interface ConversationMessage {
  id: string;
  role: MessageRole;
  content: string;
  pdfName?: string;
  isCompletion: boolean;
  created_at: string;
}

export interface CategoryScore {
  category: string;
  score: number;
  comment: string;
}

/** The six-category evaluation of a conversation. */
export interface Evaluation {
  intro: string;
  scores: CategoryScore[];
  improvements: string[];
  top_points: string[];
  totalPercent?: number;
}

/** GET /api/conversations/{id} */
export interface ConversationDetail {
  conversation: Conversation;
  messages: ConversationMessage[];
  stage: number;
  totalStages: number;
  progress: number;
  completed: boolean;
  score: Score | null;
  /** May arrive as an object or as a JSON string. */
  evaluation: Evaluation | string | null;
  engine?: EngineName;
}

/** PATCH /api/conversations/{id} */
export interface RenameResponse {
  id: string;
  title: string;
}

/** POST /api/conversations/{id}/hint */
export interface HintResponse {
  tip: string;
}

/** POST /api/conversations/{id}/perfect-message */
export interface PerfectMessageResponse {
  message: string;
}

/** POST /api/conversations/{id}/evaluation */
export interface EvaluationResponse {
  evaluation: Evaluation | string | null;
}

/** POST /api/conversations/{id}/finish */
export interface FinishResponse {
  conversation: Conversation;
  completed: boolean;
}

/** The `change` event of GET /api/realtime ('feedback': an admin changed the status of the user's feedback). */
export interface RealtimeChange {
  type: 'user' | 'profile' | 'conversation' | 'feedback';
  op: 'insert' | 'update' | 'delete';
  id: string;
}

/** PATCH /api/me: only the fields that change; answers like GET /api/me. */
export interface MeUpdateRequest {
  display_name?: string;
  role?: string;
  formality?: Formality | '';
  language?: Language | '';
  tone_preset_id?: string | null;
  product_description?: string;
  has_seen_intro?: boolean;
}

/** PUT /api/me/avatar (multipart `file`) */
export interface AvatarResponse {
  avatar_url: string;
}

/** GET /api/tone-presets (items) */
export interface TonePreset {
  id: string;
  name: string;
  /** English name; '' when not translated. */
  name_en: string;
  description: string;
}

/** GET /api/me/usage: chats started in the current cycle. */
export interface UsageResponse {
  used: number;
  quota: number;
  plan: string;
  cycleStart: string;
}

export type Tier = 'free' | 'plus' | 'elite';

/** GET /api/subscription (and the answers of confirm, cancel and uncancel) */
export interface SubscriptionResponse {
  tier: Tier;
  /** PayPal's status, lower-cased ('' without a subscription); active while a cancellation is pending. */
  status: string;
  /** PayPal's subscription id, which cancel, uncancel and revise name ('' without one). */
  paypal_id: string;
  plan_id: string;
  cancel_at_period_end: boolean;
  cancel_at: string | null;
  cycle_start: string | null;
}

/** GET /api/paypal/config: what the PayPal buttons need; configured is false without PayPal settings. */
export interface PayPalConfigResponse {
  configured: boolean;
  clientId: string;
  /** The script to load instead of PayPal's (tests and demos only). */
  sdkUrl?: string;
  /** PayPal plan ids of Plus and Elite (absent when not configured). */
  plans: { plus?: string; elite?: string };
  /** Euros a month. */
  prices: { plus: number; elite: number };
  currency: string;
}

/** POST /api/paypal/subscriptions/confirm */
export interface ConfirmSubscriptionRequest {
  subscriptionID: string;
  promoCode?: string;
}

/** POST /api/paypal/subscriptions/revise */
export interface ReviseSubscriptionRequest {
  subscriptionID: string;
  planId: string;
}

export interface ReviseSubscriptionResponse {
  /** PayPal's page where the buyer approves the change. */
  approveUrl: string;
}

/** POST /api/paypal/subscriptions/cancel */
export interface CancelSubscriptionRequest {
  subscriptionID: string;
  reason?: string;
}

/** POST /api/promo/validate */
export interface PromoValidateResponse {
  ok: boolean;
  valid: boolean;
  /** The PayPal plan id the code unlocks (only when valid). */
  planId?: string;
  /** Why a code is not valid (a server message code). */
  code?: string;
}

/** DELETE /api/me/history */
export interface DeleteHistoryResponse {
  deleted: number;
}

/** POST /api/product-summary */
export interface ProductSummaryRequest {
  url: string;
}

export interface ProductSummaryResponse {
  summary: string;
}

/** POST /api/referrals/code */
export interface ReferralCodeResponse {
  code: string;
}

/** GET /api/referrals (items, newest first) */
export interface Referral {
  created_at: string;
  display_name: string;
  avatar_url: string;
}

/** GET /api/challenges (items): name is "iconkey – Title". */
export interface ChallengeCard {
  key: string;
  name: string;
  description: string;
  /** English texts; '' when not translated. */
  nameEn: string;
  descriptionEn: string;
  icon: string;
  /** 1–10 (I–X) */
  stage: number;
  progressCurrent: number;
  progressTarget: number;
}
