import { SessionManager } from './session';

/** The app's one session manager (window storage, Web Locks, BroadcastChannel). */
export const sessions = new SessionManager();
