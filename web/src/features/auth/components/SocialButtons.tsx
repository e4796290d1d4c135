import type { OAuthProvider } from '../../../lib/api';
import { useI18n, type Language } from '../../../lib/i18n';
import { useProviders } from '../api/providers';

/** sessionStorage key remembering 'Angemeldet bleiben' across the provider round trip. */
export const OAUTH_REMEMBER_KEY = 'sc.oauth.remember';

/** The provider's start URL; language is the page's, which an account the sign-in creates takes. */
export function oauthUrl(provider: OAuthProvider, remember: boolean, ref: string | undefined, language?: Language): string {
  const params = new URLSearchParams({ remember: remember ? '1' : '0' });
  if (ref) params.set('ref', ref);
  if (language) params.set('language', language);
  return `/api/auth/oauth/${provider}?${params.toString()}`;
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9-.1 0-2.7-1-2.7-4.1zM13.9 5c.7-.9 1.2-2 1.1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3-1.5z"
      />
    </svg>
  );
}

/** 'Mit Google anmelden' / 'Mit Apple anmelden', each only when the server has it configured. */
export function SocialButtons({ remember, refCode }: { remember: boolean; refCode: string | undefined }) {
  const { t, lang } = useI18n();
  const providers = useProviders();
  if (!providers.data) return null;
  const { google, apple } = providers.data;
  if (!google && !apple) return null;

  const rememberChoice = () => saveOAuthRemember(remember);

  return (
    <div className="social">
      {google ? (
        <a className="button button--social" href={oauthUrl('google', remember, refCode, lang)} onClick={rememberChoice}>
          <GoogleIcon />
          <span>{t('signin.google')}</span>
        </a>
      ) : null}
      {apple ? (
        <a className="button button--social" href={oauthUrl('apple', remember, refCode, lang)} onClick={rememberChoice}>
          <AppleIcon />
          <span>{t('signin.apple')}</span>
        </a>
      ) : null}
    </div>
  );
}

/** Keeps 'Angemeldet bleiben' across a provider's round trip (Google, Apple, the company's). */
export function saveOAuthRemember(remember: boolean): void {
  try {
    window.sessionStorage.setItem(OAUTH_REMEMBER_KEY, remember ? '1' : '0');
  } catch {
    // storage disabled: the session then lasts for this tab
  }
}

/** Reads (and forgets) the remember choice made before an OAuth round trip. */
export function takeOAuthRemember(): boolean | null {
  try {
    const value = window.sessionStorage.getItem(OAUTH_REMEMBER_KEY);
    window.sessionStorage.removeItem(OAUTH_REMEMBER_KEY);
    return value === null ? null : value === '1';
  } catch {
    return null;
  }
}
