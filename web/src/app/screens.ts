import { lazyChunk } from '../lib/chunks';
import type { CataloguePart } from '../lib/i18n';

// The parts of the text catalogue each screen shows (the sign-in page's own
// texts are a part too; the texts its forms share with the app are in the core). Back-office screens may show a user's texts too.
const ADMIN_TEXTS = ['admin', 'chat', 'chatParts', 'feedback', 'dashboard', 'profile'] as const satisfies readonly CataloguePart[];

/**
 * The screens, each a script chunk with the parts of the text catalogue it
 * needs, loaded when its route first renders. preloadScreen (preload.ts)
 * starts the first screen's before React renders (main.tsx), so that it
 * renders without suspending, and in parallel with the session check and the
 * profile read. The frames that render these screens (SignedIn, AdminFrame)
 * import this table; it imports none of them, so no import circle runs
 * through the lazy table.
 */
export const LoginRoute = lazyChunk(() => import('./routes/login'), ['signin']);
export const ChatRoute = lazyChunk(() => import('./routes/chat'), ['chat']);
export const DashboardRoute = lazyChunk(() => import('./routes/dashboard'), ['dashboard']);
export const ProgressRoute = lazyChunk(() => import('./routes/progress'), ['progress']);
// The library's situation and objection names: the latter are the progress screen's.
export const ScenariosRoute = lazyChunk(() => import('./routes/scenarios'), ['scenarios', 'progress']);
export const SeatsRoute = lazyChunk(() => import('./routes/seats'), ['seats']);
// The team's technique and objection names and its charts are the progress screen's.
export const TeamRoute = lazyChunk(() => import('./routes/team'), ['team', 'progress']);
export const HelpRoute = lazyChunk(() => import('./routes/help'), ['help']);
// The team's assignments name the objection families as the progress screen does.
export const TeamAssignmentsRoute = lazyChunk(() => import('./routes/tasks'), ['dashboard', 'progress']);
export const FeedbackRoute = lazyChunk(() => import('./routes/feedback'), ['feedback']);
export const AdminOverviewRoute = lazyChunk(() => import('./routes/admin/overview'), ADMIN_TEXTS);
export const AdminUsersRoute = lazyChunk(() => import('./routes/admin/users'), ADMIN_TEXTS);
export const AdminChatHistoryRoute = lazyChunk(() => import('./routes/admin/chat-history'), ADMIN_TEXTS);
export const AdminChallengesRoute = lazyChunk(() => import('./routes/admin/challenges'), ADMIN_TEXTS);
export const AdminTokenManagementRoute = lazyChunk(() => import('./routes/admin/token-management'), ADMIN_TEXTS);
export const AdminAnalyticsRoute = lazyChunk(() => import('./routes/admin/analytics'), ADMIN_TEXTS);
export const AdminComplianceRoute = lazyChunk(() => import('./routes/admin/compliance'), ADMIN_TEXTS);
export const AdminFeedbackRoute = lazyChunk(() => import('./routes/admin/feedback'), ADMIN_TEXTS);
export const AdminSettingsRoute = lazyChunk(() => import('./routes/admin/settings'), ADMIN_TEXTS);
