import { lazyChunk } from '../lib/chunks';
import { loadMessages, type CataloguePart } from '../lib/i18n';

/**
 * The screens' script chunks, by the first segment of their path. Each loads
 * when its route first renders, with the parts of the text catalogue it needs;
 * preloadScreen starts both as soon as a session exists, in parallel with the
 * signed-in frame and the profile and role checks, so they are not loaded one
 * after the other.
 */
const screens = {
  login: () => import('./routes/login'),
  chat: () => import('./routes/chat'),
  dashboard: () => import('./routes/dashboard'),
  help: () => import('./routes/help'),
  feedback: () => import('./routes/feedback'),
  'admin-dashboard': () => import('./routes/admin/overview'),
  users: () => import('./routes/admin/users'),
  'chat-history': () => import('./routes/admin/chat-history'),
  challenges: () => import('./routes/admin/challenges'),
  'token-management': () => import('./routes/admin/token-management'),
  analytics: () => import('./routes/admin/analytics'),
  compliance: () => import('./routes/admin/compliance'),
  'admin-feedback': () => import('./routes/admin/feedback'),
  settings: () => import('./routes/admin/settings'),
};

// The parts of the text catalogue each screen shows (the sign-in page's own
// texts are a part too; the texts its forms share with the app are in the core). Back-office screens may show a user's texts too.
const ADMIN_TEXTS = ['admin', 'chat', 'feedback', 'dashboard', 'profile'] as const;

const SCREEN_TEXTS = {
  login: ['signin'],
  chat: ['chat'],
  dashboard: ['dashboard'],
  help: ['help'],
  feedback: ['feedback'],
} as const satisfies Record<string, readonly CataloguePart[]>;

export const LoginRoute = lazyChunk(screens.login, SCREEN_TEXTS.login);
export const ChatRoute = lazyChunk(screens.chat, SCREEN_TEXTS.chat);
export const DashboardRoute = lazyChunk(screens.dashboard, SCREEN_TEXTS.dashboard);
export const HelpRoute = lazyChunk(screens.help, SCREEN_TEXTS.help);
export const FeedbackRoute = lazyChunk(screens.feedback, SCREEN_TEXTS.feedback);
export const AdminOverviewRoute = lazyChunk(screens['admin-dashboard'], ADMIN_TEXTS);
export const AdminUsersRoute = lazyChunk(screens.users, ADMIN_TEXTS);
export const AdminChatHistoryRoute = lazyChunk(screens['chat-history'], ADMIN_TEXTS);
export const AdminChallengesRoute = lazyChunk(screens.challenges, ADMIN_TEXTS);
export const AdminTokenManagementRoute = lazyChunk(screens['token-management'], ADMIN_TEXTS);
export const AdminAnalyticsRoute = lazyChunk(screens.analytics, ADMIN_TEXTS);
export const AdminComplianceRoute = lazyChunk(screens.compliance, ADMIN_TEXTS);
export const AdminFeedbackRoute = lazyChunk(screens['admin-feedback'], ADMIN_TEXTS);
export const AdminSettingsRoute = lazyChunk(screens.settings, ADMIN_TEXTS);

/** The signed-in frame (layouts, gates, overlays): not part of the sign-in page's script. */
const loadSignedIn = () => import('./SignedIn');
export const SignedIn = lazyChunk(loadSignedIn, []);

function isScreen(segment: string): segment is keyof typeof screens {
  return Object.prototype.hasOwnProperty.call(screens, segment);
}

/**
 * Starts loading, for a signed-in user at pathname (under /app), the frame,
 * the screen and the user's texts. Failures are left to the components that
 * render them (they retry and offer a reload).
 */
export function preloadScreen(pathname: string): void {
  const segment = pathname.split('/').filter(Boolean)[0] ?? 'chat';
  const name = isScreen(segment) ? segment : 'chat';
  const texts = name in SCREEN_TEXTS ? SCREEN_TEXTS[name as keyof typeof SCREEN_TEXTS] : ADMIN_TEXTS;
  for (const pending of [loadSignedIn(), screens[name](), loadMessages(texts)]) pending.catch(() => undefined);
}
