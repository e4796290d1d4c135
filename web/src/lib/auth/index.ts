export { sessions } from './instance';
export { useAuth, useSignOut, type SignOutOptions } from './react';
export {
  SessionManager,
  toStoredSession,
  STORAGE_KEY,
  CHANNEL_NAME,
  LOCK_NAME,
  type AuthSnapshot,
  type AuthStatus,
  type StoredSession,
} from './session';
export { needsTerms, readReferralCode, clearReferralCode, REF_STORAGE_KEY } from './account';
