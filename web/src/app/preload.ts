// What the app loads first: the signed-in frame's chunk and the first screen's,
// started before React renders (main.tsx) and when a session starts (AppRoutes).

import { lazyChunk, type ChunkComponent } from '../lib/chunks';
import {
  AdminAnalyticsRoute,
  AdminChallengesRoute,
  AdminChatHistoryRoute,
  AdminComplianceRoute,
  AdminFeedbackRoute,
  AdminOverviewRoute,
  AdminSettingsRoute,
  AdminTokenManagementRoute,
  AdminUsersRoute,
  ChatRoute,
  DashboardRoute,
  FeedbackRoute,
  HelpRoute,
  LoginRoute,
  ProgressRoute,
  ScenariosRoute,
  TeamRoute,
} from './screens';

/** The signed-in frame (layouts, gates, overlays): not part of the sign-in page's script. */
export const SignedIn = lazyChunk(() => import('./SignedIn'), []);

/** The signed-in screens by the first segment of their path. */
const screens: Record<string, Pick<ChunkComponent<never>, 'preload'>> = {
  chat: ChatRoute,
  dashboard: DashboardRoute,
  progress: ProgressRoute,
  scenarios: ScenariosRoute,
  team: TeamRoute,
  help: HelpRoute,
  feedback: FeedbackRoute,
  'admin-dashboard': AdminOverviewRoute,
  users: AdminUsersRoute,
  'chat-history': AdminChatHistoryRoute,
  challenges: AdminChallengesRoute,
  'token-management': AdminTokenManagementRoute,
  analytics: AdminAnalyticsRoute,
  compliance: AdminComplianceRoute,
  'admin-feedback': AdminFeedbackRoute,
  settings: AdminSettingsRoute,
};

/**
 * Loads what the app shows first at pathname (a path under /app, without
 * it): the sign-in page, or the signed-in frame and the screen (the chat for
 * any other path). Resolves when they are in; a failure is left to the
 * components that render them (they show the reload offer).
 */
export function preloadScreen(pathname: string): Promise<void> {
  const segment = pathname.split('/').filter(Boolean)[0] ?? 'chat';
  if (segment === 'login') return LoginRoute.preload();
  const screen = (Object.hasOwn(screens, segment) ? screens[segment] : undefined) ?? ChatRoute;
  return Promise.all([SignedIn.preload(), screen.preload()]).then(() => undefined);
}
