import { CURRENT_TERMS_VERSION, type MeUser } from '../api/types';

/** True when the user has not accepted the current terms (missing or an older version). */
export function needsTerms(user: Pick<MeUser, 'terms_accepted_at' | 'terms_version'>): boolean {
  return !user.terms_accepted_at || user.terms_version < CURRENT_TERMS_VERSION;
}

/** localStorage key where the landing page keeps a `?ref=` code. */
export const REF_STORAGE_KEY = 'sc.ref';

const REF_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The referral code: from the page URL, else the one the landing page stored. */
export function readReferralCode(search: string = window.location.search): string | undefined {
  const fromUrl = new URLSearchParams(search).get('ref');
  if (fromUrl && REF_PATTERN.test(fromUrl)) return fromUrl;
  try {
    const stored = window.localStorage.getItem(REF_STORAGE_KEY);
    if (stored && REF_PATTERN.test(stored)) return stored;
  } catch {
    // storage disabled
  }
  return undefined;
}

export function clearReferralCode(): void {
  try {
    window.localStorage.removeItem(REF_STORAGE_KEY);
  } catch {
    // ignore
  }
}
