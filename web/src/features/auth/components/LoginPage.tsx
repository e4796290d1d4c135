import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { ChartIcon, TargetIcon, TrophyIcon } from '../../../components/ui/icons/pages';
import { LogoMark } from '../../../components/ui/icons/LogoMark';
import { FullPageSpinner } from '../../../components/ui/Spinner';
import type { Session } from '../../../lib/api';
import { readReferralCode, sessions, useAuth, useSignOut } from '../../../lib/auth';
import { lazyPart } from '../../../lib/chunks';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage, useI18n, type MessageKey } from '../../../lib/i18n';
import { useAnonymousSignIn } from '../api/anonymous';
import { useConfirmEmail } from '../api/confirm';
import { useSignInFlow } from '../hooks/useSignInFlow';
import { CodeStep } from './CodeStep';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LanguageSwitch } from './LanguageSwitch';
import { ResetPasswordForm } from './ResetPasswordForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { SocialButtons, takeOAuthRemember } from './SocialButtons';
import { TermsModal } from './TermsModal';
import './login.css';
import { invitationTeamQueryOptions, savePendingJoin } from '../../../lib/team-join';

type View = 'signIn' | 'signUp' | 'forgot' | 'reset' | 'invite' | 'totp' | 'sso' | 'ssoLink';
type Message = { key: MessageKey; vars?: Record<string, string> } | { text: string };

const TITLES: Record<View, MessageKey> = {
  signIn: 'signin.title.signIn',
  signUp: 'signin.title.signUp',
  forgot: 'forgot.title',
  reset: 'reset.title',
  invite: 'invite.title',
  totp: 'signin.totp.title',
  sso: 'signin.sso.button',
  ssoLink: 'signin.ssoLink.title',
};

/** ?error= after a provider's round trip: Google/Apple, or the company's (issue 29). */
const RETURN_ERRORS: Record<string, MessageKey> = {
  social: 'signin.socialFailed',
  sso: 'signin.sso.failed',
  sso_unverified: 'signin.sso.unverified',
  sso_domain: 'signin.sso.foreignDomain',
  sso_off: 'signin.sso.off',
  // Google/Apple signed in a member or manager whose team signs in only through the company (issue 38).
  sso_required: 'signin.sso.required',
};

function returnError(value: string | null): MessageKey | null {
  return value !== null && Object.prototype.hasOwnProperty.call(RETURN_ERRORS, value) ? (RETURN_ERRORS[value] ?? null) : null;
}

/** Query parameters the server's links and redirects use; removed once read. */
const LINK_PARAMS = ['confirm', 'reset', 'invite', 'oauth', 'error', 'totp', 'join', 'sso_link'] as const;

// Company sign-in's steps (issue 29): most visitors never open them, so
// they are not part of the page's first script; pointing at the button
// starts the load.
const loadSsoStep = () => import('./SsoStep');
const SsoStep = lazyPart(loadSsoStep, 'SsoStep');
const SsoLinkStep = lazyPart(() => import('./SsoLinkStep'), 'SsoLinkStep');

/** An office building: the company's own sign-in. */
function CompanyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 21V4a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v17M15 9h4a1 1 0 0 1 1 1v11M2 21h20M8 7h3M8 11h3M8 15h3" />
    </svg>
  );
}

function SellingPoint({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="login__point">
      <span className="login__point-icon" aria-hidden="true">
        {icon}
      </span>
      <span>
        <strong className="login__point-title">{title}</strong>
        <span className="login__point-text">{text}</span>
      </span>
    </li>
  );
}

/**
 * /login: sign-in and registration (toggled by a link), password reset,
 * an admin's invitation (first password), e-mail confirmation, OAuth return
 * and guest sign-in; then the sign-in flow.
 */
export function LoginPage() {
  const { t } = useI18n();
  const auth = useAuth();
  const flow = useSignInFlow();
  const signOut = useSignOut();
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => ({
    confirm: params.get('confirm'),
    reset: params.get('reset'),
    invite: params.get('invite'),
    oauth: params.get('oauth') === '1',
    returnError: returnError(params.get('error')),
    // ?sso_link=TOKEN: the company's provider signed in an e-mail whose account needs its password once.
    ssoLink: params.get('sso_link'),
    // ?totp=1: a Google/Apple sign-in waits for the authenticator code.
    totp: params.get('totp') === '1',
    // ?join=TOKEN: a team invitation opened signed out (AppRoutes).
    join: params.get('join'),
  }));
  const [refCode] = useState(() => readReferralCode(`?${params.toString()}`));
  const [view, setView] = useState<View>(
    initial.totp ? 'totp' : initial.ssoLink ? 'ssoLink' : initial.reset ? 'reset' : initial.invite ? 'invite' : 'signIn',
  );
  // The code step's challenge (undefined after Google/Apple: the server keeps it in a cookie).
  const [challenge, setChallenge] = useState<string | undefined>();
  const [notice, setNotice] = useState<Message | null>(initial.join ? { key: 'signin.teamJoin' } : null);
  // The invitation's notice names the team once the server has said which.
  const invitedTeam = useQuery({ ...invitationTeamQueryOptions(initial.join ?? ''), enabled: Boolean(initial.join) });
  const shownNotice: Message | null =
    notice && 'key' in notice && notice.key === 'signin.teamJoin' && invitedTeam.data
      ? { key: 'signin.teamJoinNamed', vars: { name: invitedTeam.data.teamName } }
      : notice;
  const [error, setError] = useState<Message | null>(initial.returnError ? { key: initial.returnError } : null);
  // 403 sso_required on the password sign-in: the company button sits beside the message.
  // With ?error=sso_required (Google/Apple refused) too.
  const [ssoOffer, setSsoOffer] = useState(initial.returnError === 'signin.sso.required');
  const [remember, setRemember] = useState(false);
  const [email, setEmail] = useState('');
  const confirm = useConfirmEmail();
  const anonymous = useAnonymousSignIn();
  const started = useRef({ confirm: false, oauth: false });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);
  useDocumentTitle(t(TITLES[view]));

  // Drop the one-time link parameters from the address bar (keep ?ref=).
  useEffect(() => {
    if (!LINK_PARAMS.some((p) => params.has(p))) return;
    const next = new URLSearchParams(params);
    for (const p of LINK_PARAMS) next.delete(p);
    setParams(next, { replace: true });
  }, [params, setParams]);

  // The team invitation waits until the sign-in flow has a session (lib/team-join).
  useEffect(() => {
    if (initial.join) savePendingJoin(initial.join);
  }, [initial.join]);

  // ?confirm=TOKEN from the confirmation mail.
  const { mutate: confirmMutate } = confirm;
  useEffect(() => {
    if (!initial.confirm || started.current.confirm) return;
    started.current.confirm = true;
    confirmMutate(
      { token: initial.confirm },
      {
        onSuccess: () => setNotice({ key: 'signin.confirmed' }),
        onError: (err) => setError({ text: errorMessage(err, t) }),
      },
    );
  }, [initial.confirm, confirmMutate, t]);

  // ?oauth=1: the server set the refresh cookie; refresh, then continue.
  const { run, begin, reset: resetFlow, isActive } = flow;
  useEffect(() => {
    if (!initial.oauth || started.current.oauth || auth.status === 'loading') return;
    started.current.oauth = true;
    begin();
    void (async () => {
      const session = sessions.getSession() ?? (await sessions.refresh());
      if (!session) {
        resetFlow();
        setError({ key: 'login.noToken' });
        return;
      }
      const rememberChoice = takeOAuthRemember();
      if (rememberChoice !== null) sessions.setRemember(rememberChoice);
      await run({ streak: true });
    })();
  }, [initial.oauth, auth.status, begin, run, resetFlow]);

  // A signed-in user who opens /login (or signs in in another tab) continues into the app.
  const flowStep = flow.state.step;
  useEffect(() => {
    if (auth.status !== 'signedIn' || initial.oauth || flowStep !== 'idle' || isActive()) return;
    void run({ streak: false });
  }, [auth.status, initial.oauth, flowStep, isActive, run]);

  // Move focus to the new heading when the view changes (not on first load).
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [view]);

  const clearMessages = () => {
    setError(null);
    setNotice(null);
    setSsoOffer(false);
  };

  const preloadSso = () => {
    loadSsoStep().catch(() => undefined); // the step's own load reports a failure
  };

  const openSso = () => {
    clearMessages();
    setView('sso');
  };

  const handleSignedIn = (session: Session, rememberSession: boolean) => {
    begin();
    sessions.signIn(session, rememberSession);
    void run({ streak: true });
  };

  const handleCodeNeeded = (next: string, rememberSession: boolean) => {
    setChallenge(next);
    setRemember(rememberSession);
    setView('totp');
  };

  const handleCodeSignedIn = (session: Session) => {
    // After Google/Apple the remember choice waits in sessionStorage.
    const rememberChoice = challenge === undefined ? takeOAuthRemember() : null;
    handleSignedIn(session, rememberChoice ?? remember);
  };

  const handleAnonymous = () => {
    clearMessages();
    anonymous.mutate(undefined, {
      onSuccess: (session) => handleSignedIn(session, remember),
      onError: (err) => setError({ text: errorMessage(err, t) }),
    });
  };

  const showError = (text: string) => setError({ text });
  const messageText = (m: Message) => ('key' in m ? t(m.key, m.vars) : m.text);

  const flowError = flow.state.step === 'failed' ? t(flow.state.error) : null;
  const busy = flow.state.step === 'running' || (auth.status === 'signedIn' && flow.state.step === 'idle');

  return (
    <div className="login">
      <section className="login__brand" aria-labelledby="login-brand-name">
        <div className="login__brand-inner">
          <p className="login__logo">
            <LogoMark size={40} inverted />
            <span id="login-brand-name" className="login__brand-name">
              {t('app.name')}
            </span>
          </p>
          <p className="login__tagline">{t('app.tagline')}</p>
          <ul className="login__points" aria-label={t('signin.pointsLabel')}>
            <SellingPoint
              icon={<TargetIcon />}
              title={t('signin.point.trainings.title')}
              text={t('signin.point.trainings.text')}
            />
            <SellingPoint
              icon={<ChartIcon />}
              title={t('signin.point.progress.title')}
              text={t('signin.point.progress.text')}
            />
            <SellingPoint icon={<TrophyIcon />} title={t('signin.point.levels.title')} text={t('signin.point.levels.text')} />
          </ul>
        </div>
      </section>

      <main className="login__main" id="main">
        <div className="login__topbar">
          <LanguageSwitch />
        </div>
        <div className="login__card">
          {busy ? (
            <FullPageSpinner label={t('signin.continuing')} />
          ) : (
            <>
              <h1 className="login__title" ref={headingRef} tabIndex={-1}>
                {t(TITLES[view])}
              </h1>
              {view === 'signIn' || view === 'signUp' ? (
                <p className="login__subtitle">
                  {t(view === 'signIn' ? 'signin.subtitle.signIn' : 'signin.subtitle.signUp')}
                </p>
              ) : null}

              {confirm.isPending ? <Alert tone="info">{t('signin.confirming')}</Alert> : null}
              {shownNotice ? <Alert tone="success">{messageText(shownNotice)}</Alert> : null}
              {error ? <Alert tone="error">{messageText(error)}</Alert> : null}
              {ssoOffer && view === 'signIn' ? (
                <button type="button" className="button button--primary button--block" onClick={openSso}>
                  {t('signin.sso.button')}
                </button>
              ) : null}
              {flowError ? <Alert tone="error">{flowError}</Alert> : null}

              {view === 'signIn' ? (
                <SignInForm
                  key={`signin-${email}`}
                  initialEmail={email}
                  remember={remember}
                  onRememberChange={setRemember}
                  onForgot={() => {
                    clearMessages();
                    setView('forgot');
                  }}
                  onSignedIn={handleSignedIn}
                  onCodeNeeded={handleCodeNeeded}
                  onError={showError}
                  onSsoRequired={(signInEmail) => {
                    setEmail(signInEmail);
                    setSsoOffer(true);
                  }}
                  onSubmitStart={clearMessages}
                  disabled={anonymous.isPending}
                />
              ) : null}
              <Suspense fallback={<FullPageSpinner />}>
                {view === 'sso' ? (
                  <SsoStep
                    initialEmail={email}
                    remember={remember}
                    onBack={() => {
                      clearMessages();
                      setView('signIn');
                    }}
                  />
                ) : null}
                {view === 'ssoLink' && initial.ssoLink ? (
                  <SsoLinkStep
                    token={initial.ssoLink}
                    remember={remember}
                    onRememberChange={setRemember}
                    onSignedIn={handleSignedIn}
                    onCodeNeeded={handleCodeNeeded}
                    onSubmitStart={clearMessages}
                    onBack={() => {
                      clearMessages();
                      setView('signIn');
                    }}
                  />
                ) : null}
              </Suspense>
              {view === 'totp' ? (
                <CodeStep
                  challenge={challenge}
                  onSignedIn={handleCodeSignedIn}
                  onRestart={(text) => {
                    setChallenge(undefined);
                    setView('signIn');
                    setError({ text });
                  }}
                  onError={showError}
                  onSubmitStart={clearMessages}
                  onBack={() => {
                    clearMessages();
                    setChallenge(undefined);
                    setView('signIn');
                  }}
                />
              ) : null}
              {view === 'signUp' ? (
                <SignUpForm
                  refCode={refCode}
                  onRegistered={(registered) => {
                    setEmail(registered);
                    setView('signIn');
                    setNotice({ key: 'signin.registered' });
                  }}
                  onError={showError}
                  onSubmitStart={clearMessages}
                />
              ) : null}
              {view === 'forgot' ? (
                <ForgotPasswordForm
                  initialEmail={email}
                  onSent={() => {
                    setView('signIn');
                    setNotice({ key: 'forgot.sent' });
                  }}
                  onBack={() => {
                    clearMessages();
                    setView('signIn');
                  }}
                  onError={showError}
                  onSubmitStart={clearMessages}
                />
              ) : null}
              {(view === 'reset' && initial.reset) || (view === 'invite' && initial.invite) ? (
                <ResetPasswordForm
                  token={(view === 'reset' ? initial.reset : initial.invite) ?? ''}
                  variant={view}
                  onDone={() => {
                    setView('signIn');
                    setNotice({ key: view === 'reset' ? 'signin.passwordChanged' : 'invite.done' });
                  }}
                  onBack={() => {
                    clearMessages();
                    setView('signIn');
                  }}
                  onError={showError}
                  onSubmitStart={clearMessages}
                />
              ) : null}

              {view === 'signIn' || view === 'signUp' ? (
                <>
                  <div className="login__divider">
                    <span>{t('signin.or')}</span>
                  </div>
                  <SocialButtons remember={remember} refCode={refCode} />
                  <button
                    type="button"
                    className="button button--social"
                    onClick={openSso}
                    onPointerEnter={preloadSso}
                    onFocus={preloadSso}
                  >
                    <CompanyIcon />
                    <span>{t('signin.sso.button')}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--block"
                    onClick={handleAnonymous}
                    disabled={anonymous.isPending}
                  >
                    {anonymous.isPending ? t('login.pleaseWait') : t('signin.anonymous')}
                  </button>
                  <p className="login__switch">
                    {t(view === 'signIn' ? 'signin.toggle.toSignUpPrompt' : 'signin.toggle.toSignInPrompt')}{' '}
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        clearMessages();
                        setView(view === 'signIn' ? 'signUp' : 'signIn');
                      }}
                    >
                      {t(view === 'signIn' ? 'signin.toggle.toSignUp' : 'signin.toggle.toSignIn')}
                    </button>
                  </p>
                </>
              ) : null}
            </>
          )}
        </div>
      </main>

      {flow.state.step === 'terms' ? (
        <TermsModal
          userId={flow.state.userId}
          onAccepted={flow.termsAccepted}
          onSignOut={() => {
            void signOut().then(resetFlow);
          }}
        />
      ) : null}
    </div>
  );
}
