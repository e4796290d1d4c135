import type {
  AuthUser,
  ChallengeCard,
  TonePreset,
  ChatAnswer,
  Conversation,
  ConversationDetail,
  ApiEvaluation,
  MeResponse,
  Score,
  Session,
} from '../lib/api';
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
      is_admin: false,
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
    level: { level: 1, xp: 0, progress: 0, xpForNext: 100, xp_for_next_level: 100, xpInLevel: 0 },
  };
}

export const CONVERSATION_ID = '6f1c1c8e-0000-4000-8000-00000000c0de';

export function makeScore(overrides: Partial<Score> = {}): Score {
  return {
    totalPercent: 30,
    answerScore: 50,
    stage: 1,
    totalStages: 1,
    progress: 30,
    solved: false,
    completed: false,
    techniques: [
      { key: 'acknowledge', label: 'Einwand anerkennen', shown: true, reason: 'Du gehst auf die Sorge ein.' },
      { key: 'question', label: 'Rückfrage stellen', shown: false, reason: 'Es fehlt eine Rückfrage.' },
    ],
    ...overrides,
  };
}

export function makeAnswer(overrides: Partial<ChatAnswer> = {}): ChatAnswer {
  return {
    message: 'Hallo. Das ist mir zu teuer.',
    conversationId: CONVERSATION_ID,
    userMessageId: 'm-user-1',
    assistantMessageId: 'm-bot-1',
    stage: 1,
    totalStages: 1,
    progress: 0,
    completed: false,
    title: 'Hallo',
    score: null,
    ...overrides,
  };
}

/** An evaluation as the server sends it. */
export function makeEvaluation(overrides: Partial<ApiEvaluation> = {}): ApiEvaluation {
  const categories = [
    'Empathie & Zuhören',
    'Fragetechnik',
    'Nutzenargumentation',
    'Einwandbehandlung',
    'Abschlussorientierung',
    'Sprache & Tonalität',
  ];
  return {
    intro: 'Du hast 1 von 1 Einwänden gelöst.',
    scores: categories.map((category, i) => ({ category, score: 60 + i * 5, comment: `Kommentar zu ${category}` })),
    improvements: ['Stell mehr offene Fragen.'],
    top_points: ['Du nimmst Sorgen ernst.', 'Du führst zum nächsten Schritt.'],
    totalPercent: 72,
    ...overrides,
  };
}

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION_ID,
    title: 'Hallo, ich stelle Ihnen CloudCRM vor',
    mode: 'Übung',
    difficulty: 1,
    created_at: '2025-06-01T10:00:00Z',
    completed_at: null,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    conversation: makeConversation(),
    messages: [
      { id: 'm1', role: 'user', content: 'Hallo, ich stelle Ihnen CloudCRM vor', isCompletion: false, created_at: '2025-06-01T10:00:00Z' },
      { id: 'm2', role: 'assistant', content: 'Das ist mir zu teuer.', isCompletion: false, created_at: '2025-06-01T10:00:01Z' },
    ],
    stage: 1,
    totalStages: 1,
    progress: 0,
    completed: false,
    score: null,
    evaluation: null,
    engine: 'builtin',
    ...overrides,
  };
}

export const TONE_PRESETS: TonePreset[] = [
  { id: 'freundlich', name: 'Freundlich', name_en: 'Friendly', description: 'Der Kunde ist höflich und aufgeschlossen.' },
  { id: 'skeptisch', name: 'Skeptisch', name_en: '', description: 'Der Kunde misstraut Versprechen.' },
];

/** The nine challenges of the seed, with counters from `current` (key → value). */
export function makeChallenges(current: Record<string, number> = {}): ChallengeCard[] {
  const seed: [ChallengeCard['key'], string, number, string?][] = [
    ['objections_solved', 'shield-check – Einwände gelöst', 0, 'Objections solved'],
    ['messages_sent', 'message-square – Nachrichten gesendet', 0],
    ['fast_answers', 'zap – Schnelle Antworten', 10],
    ['feedback', 'message-circle-heart – Feedbackgeber', 5],
    ['calls', 'phone – Telefonieren', 5],
    ['hints', 'lightbulb – Hints genutzt', 5],
    ['perfect_answers', 'sparkles – Perfekte Antworten', 8],
    ['completed_chats', 'trophy – Abgeschlossene Chats', 3],
    ['daily_streak', 'flame – Tägliche Nutzung', 7],
  ];
  const thresholds = [1, 5, 25, 50, 100, 200, 350, 500, 750, 1000];
  return seed.map(([key, name, target, nameEn = '']) => {
    const value = current[key] ?? 0;
    let stage = 1;
    let goal = target;
    if (target === 0) {
      const i = thresholds.findIndex((x) => value < x);
      stage = i === -1 ? 10 : Math.max(i, 1);
      goal = i === -1 ? 1000 : (thresholds[i] ?? 1);
    }
    return {
      key,
      name,
      description: `Beschreibung von ${key}`,
      nameEn,
      descriptionEn: nameEn ? `Description of ${key}` : '',
      icon: name.split(' – ')[0] ?? '',
      stage,
      progressCurrent: value,
      progressTarget: goal,
    };
  });
}
