import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Page } from '@playwright/test';
import type { Account, Configuration, ErrorOut, KoaContextWithOIDC, default as OIDCProvider, errors as OIDCErrors } from 'oidc-provider';

/** A person at the company identity provider, as its ID tokens describe them. */
export interface CompanyAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface CompanyIdPOptions {
  /** The port on 127.0.0.1 to listen on; the issuer is http://127.0.0.1:<port>. */
  port: number;
  clientId: string;
  clientSecret: string;
  /** The one redirect URI registered for the client, e.g. `<baseURL>/api/auth/sso/callback`. */
  redirectUri: string;
  /**
   * People by the login name typed into the provider's sign-in form. Any
   * other login signs in as an account whose subject and e-mail are that
   * login, e-mail verified.
   */
  accounts: Record<string, CompanyAccount>;
}

export interface CompanyIdP {
  /** http://127.0.0.1:<port>, exactly as discovery and the ID tokens say it. */
  issuer: string;
  /**
   * What went wrong inside the provider (its server and protocol errors,
   * one line each), kept here instead of the log: a test asserts it empty
   * or attaches it to its report.
   */
  errors: string[];
  stop: () => Promise<void>;
}

/** The labels of the provider's sign-in form (the wording of oidc-provider's development form). */
const LOGIN_LABEL = 'Login';
const PASSWORD_LABEL = 'Password';
const SIGN_IN_BUTTON = 'Sign-in';

/**
 * Signs in on the company provider's sign-in page that `page` shows now: the
 * form takes any login name (mapped to an account by startCompanyIdP) and any
 * password.
 */
export async function signInAtCompanyIdP(page: Page, login: string): Promise<void> {
  await page.getByLabel(LOGIN_LABEL, { exact: true }).fill(login);
  await page.getByLabel(PASSWORD_LABEL, { exact: true }).fill('any password');
  await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
}

const escapeHTML = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The sign-in page of an interaction: login (prefilled with the request's login_hint) and password. */
function signInPage(uid: string, loginHint: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Company sign-in</title></head>
<body><main><h1>Company sign-in</h1>
<form method="post" action="/interaction/${escapeHTML(uid)}/login" autocomplete="off">
<p><label>${LOGIN_LABEL} <input required name="login" value="${escapeHTML(loginHint)}" placeholder="Enter any login"></label></p>
<p><label>${PASSWORD_LABEL} <input required type="password" name="password" placeholder="and password"></label></p>
<p><button type="submit">${SIGN_IN_BUTTON}</button></p>
</form></main></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('form body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The provider's interactions: GET /interaction/<uid> shows the sign-in
 * page; its POST to /interaction/<uid>/login signs in as the account the
 * login maps to (its subject is the provider's account id, so the ID token's
 * sub). Consent is given by loadExistingGrant; should the provider still ask,
 * the missing scopes and claims are granted at once (a first-party client).
 */
async function interact(provider: OIDCProvider, req: IncomingMessage, res: ServerResponse, submit: boolean, subjectOf: (login: string) => string) {
  const details = await provider.interactionDetails(req, res);
  const { uid, prompt, params, session } = details;
  if (prompt.name === 'login' && !submit) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(signInPage(uid, typeof params.login_hint === 'string' ? params.login_hint : ''));
    return;
  }
  if (prompt.name === 'login') {
    const login = (await formBody(req)).get('login')?.trim() ?? '';
    if (!login) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('login required');
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: subjectOf(login) } }, { mergeWithLastSubmission: false });
    return;
  }
  if (prompt.name === 'consent' && session?.accountId && typeof params.client_id === 'string') {
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId: session.accountId, clientId: params.client_id }))
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    return;
  }
  res.writeHead(501, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`prompt ${prompt.name} not implemented`);
}

/** oidc-provider announces its development defaults and Node.js versions it has not tested on console.warn/info. */
const NOTICE = /^oidc-provider (WARNING|NOTICE):/;
let noticesFiltered = false;

/**
 * Keeps oidc-provider's own notices (development-only interactions and
 * storage, the runtime) off this process's console from now on; every other
 * line passes. Installed once: patching console per call would race between
 * concurrent requests.
 */
function filterNotices(): void {
  if (noticesFiltered) return;
  noticesFiltered = true;
  const filter =
    (original: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && NOTICE.test(args[0])) return;
      original(...args);
    };
  console.warn = filter(console.warn.bind(console));
  console.info = filter(console.info.bind(console));
}

/**
 * Starts a company identity provider in this process: panva's oidc-provider
 * (OpenID Certified), not our own fake, on http://127.0.0.1:<port>, with one
 * confidential client (client_secret_post, which our server sends, and
 * client_secret_basic both accepted), the authorization code flow with PKCE
 * S256 required, scopes openid email profile, and RS256 ID tokens that carry
 * sub, email, email_verified and name themselves (our server reads the ID
 * token, not the userinfo endpoint). The browser signs in on a small sign-in
 * page of ours in oidc-provider's interaction API (signInAtCompanyIdP), which
 * takes any login; consent is not asked (the client is first-party). Sessions, codes and keys live in memory and end
 * with stop().
 */
export async function startCompanyIdP(opts: CompanyIdPOptions): Promise<CompanyIdP> {
  const issuer = `http://127.0.0.1:${opts.port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: `company-idp-${opts.port}`, alg: 'RS256', use: 'sig' };
  const errors: string[] = [];

  // The provider's account id is the subject: it puts the account id into
  // the ID token's sub.
  const bySubject = new Map(Object.values(opts.accounts).map((a) => [a.sub, a]));
  const subjectOf = (login: string) => opts.accounts[login]?.sub ?? login;
  const accountFor = (sub: string): CompanyAccount => bySubject.get(sub) ?? { sub, email: sub, email_verified: true };

  const configuration: Configuration = {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // A client registered for either secret method may use both.
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [signingKey] },
    // Cookies are per host, not per port: the app on 127.0.0.1 must not see
    // names it might use itself.
    cookies: {
      keys: [randomBytes(32).toString('hex')],
      names: { session: 'company_idp_session', interaction: 'company_idp_interaction', resume: 'company_idp_resume' },
    },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The scopes' claims in the ID token itself (the OIDC Core default puts
    // them only in userinfo when an access token is issued), as Google does.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: KoaContextWithOIDC, id: string): Promise<Account> {
      const account = accountFor(id);
      return {
        accountId: account.sub,
        claims: () => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.email_verified,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
    // First-party client: the grant is given without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { provider, client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const known = await provider.Grant.find(grantId);
        if (known) return known;
      }
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    clientBasedCORS: () => false,
    renderError(ctx: KoaContextWithOIDC, out: ErrorOut) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `company IdP error: ${out.error}: ${out.error_description ?? ''}`;
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      ClientCredentials: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  };

  filterNotices();
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, configuration);
  // Koa's own error print; the events below keep the errors instead.
  provider.silent = true;
  const keep = (event: string) => (_ctx: unknown, err: Error | OIDCErrors.OIDCProviderError) =>
    errors.push(`${event}: ${err.message}${'error_description' in err && err.error_description ? ` (${err.error_description})` : ''}`);
  provider.on('server_error', keep('server_error'));
  provider.on('authorization.error', keep('authorization.error'));
  provider.on('grant.error', keep('grant.error'));
  provider.on('discovery.error', keep('discovery.error'));
  provider.on('jwks.error', keep('jwks.error'));

  const callback = provider.callback();
  const server = createServer((req, res) => {
    const route = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!route) {
      void callback(req, res);
      return;
    }
    const submit = Boolean(route[2]);
    if (submit !== (req.method === 'POST') || !['GET', 'POST'].includes(req.method ?? '')) {
      res.writeHead(405).end();
      return;
    }
    interact(provider, req, res, submit, subjectOf).catch((err: unknown) => {
      errors.push(`interaction: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('interaction failed');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    issuer,
    errors,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
