// Shapes of the Sales Coach HTTP API. They are generated from
// docs/api/openapi.yaml into schema.gen.ts (`npm run gen:api`); the names
// here are the app's aliases of them, so that a change of the description
// breaks tsc wherever the app relies on what changed. The Go tests check
// every answer of the server against the same description.
import type { components, paths } from './schema.gen';

type Schemas = components['schemas'];

/** The description's named schemas: `ApiSchemas['AdminUserItem']`. */
export type ApiSchemas = Schemas;
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The JSON body of a documented answer: `ResponseBody<'/api/me/usage', 'get'>`. */
export type ResponseBody<P extends keyof paths, M extends Method, S extends number = 200> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer T } }
      ? T
      : never
    : never
  : never;

/** The JSON body of a documented request: `RequestBody<'/api/chat', 'post'>`. */
export type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer T } };
}
  ? T
  : never;

/** A code of the server's message catalogue (or an error category). */
export type ErrorCode = Schemas['ErrorCode'];

/** A message of the server: a stable code, its German text, its placeholders. */
export type ApiMessage = Schemas['FieldError'];

/**
 * The body of every non-2xx answer: `code` is stable and translated by the
 * client (lib/i18n/server.ts); `error` is the German default text; `fields`
 * names the fields at fault, each with its own code and text; `retryAfter`
 * repeats Retry-After (also in a stream's error event, which has no header);
 * `conversationId` names the chat a failed first message created.
 */
export type ApiErrorBody = Schemas['Error'];

/** GET /api/auth/user and Session.user. */
export type AuthUser = Schemas['AuthUser'];
export type Identity = AuthUser['identities'][number];

/** Answer of login, refresh and anonymous sign-in. */
export type Session = Schemas['Session'];

/** GET /api/auth/providers */
export type ProvidersResponse = ResponseBody<'/api/auth/providers', 'get'>;

export type OAuthProvider = paths['/api/auth/oauth/{provider}']['get']['parameters']['path']['provider'];

/** POST /api/auth/signup */
export type SignupRequest = RequestBody<'/api/auth/signup', 'post'>;
/** POST /api/auth/login (the app always says whether to remember the sign-in). */
export type LoginRequest = Required<RequestBody<'/api/auth/login', 'post'>>;
/** POST /api/auth/confirm */
export type ConfirmRequest = RequestBody<'/api/auth/confirm', 'post'>;
/** POST /api/auth/recover */
export type RecoverRequest = RequestBody<'/api/auth/recover', 'post'>;
/** POST /api/auth/reset */
export type ResetRequest = RequestBody<'/api/auth/reset', 'post'>;
/** POST /api/auth/upgrade (guests only) */
export type UpgradeRequest = RequestBody<'/api/auth/upgrade', 'post'>;

export type OkResponse = Schemas['Ok'];

/** GET /api/auth/is-admin */
export type IsAdminResponse = ResponseBody<'/api/auth/is-admin', 'get'>;

/** GET /api/me */
export type MeResponse = Schemas['Me'];
export type MeUser = MeResponse['user'];
export type MeProfile = MeResponse['profile'];
export type LevelInfo = MeResponse['level'];

export type Formality = Exclude<MeUser['formality'], ''>;
export type Language = Exclude<MeUser['language'], ''>;
export type TermsVersion = MeUser['terms_version'];

/** The current terms version users must accept. */
export const CURRENT_TERMS_VERSION = 2;

/** POST /api/me/terms */
export type TermsRequest = RequestBody<'/api/me/terms', 'post'>;
export type TermsResponse = ResponseBody<'/api/me/terms', 'post'>;

/** POST /api/me/streak */
export type StreakResponse = ResponseBody<'/api/me/streak', 'post'>;

/** POST /api/consent */
export type ConsentRequest = RequestBody<'/api/consent', 'post'>;

/** POST /api/track */
export type TrackRequest = RequestBody<'/api/track', 'post'>;
export type TrackSource = TrackRequest['source'];

/** GET /api/conversations (items). */
export type Conversation = Schemas['Conversation'];
/** Chat modes as the API spells them. */
export type ChatMode = Conversation['mode'];
/** 1 Leicht, 2 Mittel, 3 Schwer. */
export type Difficulty = Exclude<Conversation['difficulty'], null>;

/** GET /api/conversations/{id} */
export type ConversationDetail = Schemas['ConversationDetail'];
export type ConversationMessage = ConversationDetail['messages'][number];
export type MessageRole = ConversationMessage['role'];
export type EngineName = ConversationDetail['engine'];

/** GET /api/chat/preflight */
export type PreflightResponse = ResponseBody<'/api/chat/preflight', 'get'>;

/** POST /api/chat */
export type ChatRequest = RequestBody<'/api/chat', 'post'>;
/** An objection family of the customer: 'price', 'no_time', … (coach.Objections). */
export type ObjectionFamilyKey = Schemas['ObjectionFamilyKey'];

/** One technique of an answer: shown or missing, with a one-line reason. */
export type Technique = Schemas['Technique'];
export type TechniqueKey = Technique['key'];

/** The assessment of the latest answer of a practice chat. */
export type Score = Schemas['Score'];

/** The answer to a chat message (JSON, or the `done` event of the stream). */
export type ChatAnswer = Schemas['ChatAnswer'];

export type CategoryScore = Schemas['Evaluation']['scores'][number];

/**
 * The six-category evaluation of a conversation, as the app reads it
 * (features/chat/api/evaluation.ts): evaluations stored before the total
 * existed have no totalPercent.
 */
export type Evaluation = Omit<Schemas['Evaluation'], 'totalPercent'> & Partial<Pick<Schemas['Evaluation'], 'totalPercent'>>;

/** The evaluation as the server sends it (ConversationDetail, POST …/evaluation). */
export type ApiEvaluation = Schemas['Evaluation'];
/** An exam's verdict beside its evaluation. */
export type ExamVerdict = Schemas['ExamVerdict'];

/** PATCH /api/conversations/{id} */
export type RenameResponse = ResponseBody<'/api/conversations/{id}', 'patch'>;

/** POST /api/conversations/{id}/hint */
export type HintResponse = ResponseBody<'/api/conversations/{id}/hint', 'post'>;

/** POST /api/conversations/{id}/perfect-message */
export type PerfectMessageResponse = ResponseBody<'/api/conversations/{id}/perfect-message', 'post'>;

/** POST /api/conversations/{id}/evaluation */
export type EvaluationResponse = ResponseBody<'/api/conversations/{id}/evaluation', 'post'>;

/** POST /api/conversations/{id}/finish */
export type FinishResponse = ResponseBody<'/api/conversations/{id}/finish', 'post'>;

/**
 * The `change` event of GET /api/realtime ('feedback': an admin changed the
 * status of the user's feedback; 'resync': the server dropped changes for
 * this stream, so everything is refetched, with op and id empty). Events of a
 * stream are not described by a schema of docs/api/openapi.yaml, only in the
 * operation's summary.
 */
export interface RealtimeChange {
  type: 'user' | 'profile' | 'conversation' | 'feedback' | 'team' | 'resync';
  op: 'insert' | 'update' | 'delete' | '';
  id: string;
}

/** PATCH /api/me: only the fields that change; answers like GET /api/me. */
export type MeUpdateRequest = Schemas['ProfileUpdate'];

/** PUT /api/me/avatar (multipart `file`) */
export type AvatarResponse = ResponseBody<'/api/me/avatar', 'put'>;

/** GET /api/tone-presets (items) */
export type TonePreset = ResponseBody<'/api/tone-presets', 'get'>[number];

/** GET /api/me/usage: chats started in the current cycle. */
export type UsageResponse = ResponseBody<'/api/me/usage', 'get'>;

/** GET /api/subscription */
export type SubscriptionResponse = Schemas['Subscription'];
export type Tier = SubscriptionResponse['tier'];

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
  /** The buyer's waiver of the right of withdrawal: a paid plan starts only with it. */
  withdrawalWaiver: true;
}

/** POST /api/paypal/subscriptions/revise */
export interface ReviseSubscriptionRequest {
  subscriptionID: string;
  planId: string;
  /** The change starts another paid plan: the same waiver as the confirmation. */
  withdrawalWaiver: true;
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

/** POST /api/promo/validate: planId, plan, price (when known) and description only with a valid code; code says why not. */
export type PromoValidateResponse = ResponseBody<'/api/promo/validate', 'post'>;

/** DELETE /api/me/history */
export type DeleteHistoryResponse = ResponseBody<'/api/me/history', 'delete'>;

/** POST /api/product-summary */
export type ProductSummaryRequest = RequestBody<'/api/product-summary', 'post'>;
export type ProductSummaryResponse = ResponseBody<'/api/product-summary', 'post'>;

/** POST /api/referrals/code */
export type ReferralCodeResponse = ResponseBody<'/api/referrals/code', 'post'>;

/** GET /api/referrals (items, newest first) */
export type Referral = ResponseBody<'/api/referrals', 'get'>[number];

/** GET /api/challenges (items). */
export type ChallengeCard = Schemas['ChallengeCard'];

/** GET /api/feedback (items) and the answer to POST /api/feedback (with the message). */
export type Feedback = Schemas['Feedback'];

/** The code step of two-factor sign-in: a correct password, no session yet. */
export type TOTPChallenge = Schemas['TOTPChallenge'];

/** POST /api/auth/login: a session, or the code step. */
export type LoginResponse = Session | TOTPChallenge;

/** POST /api/auth/totp */
export type TOTPSignInRequest = RequestBody<'/api/auth/totp', 'post'>;

/** GET /api/me/totp */
export type TOTPStatus = Schemas['TOTPStatus'];

/** POST /api/me/totp */
export type TOTPSetup = Schemas['TOTPSetup'];

/** POST /api/me/totp/confirm and /api/me/totp/recovery-codes */
export type RecoveryCodes = Schemas['RecoveryCodes'];

/** The password, or a code, before turning two-factor sign-in off or renewing the recovery codes. */
export type TOTPReauth = Schemas['TOTPReauth'];
