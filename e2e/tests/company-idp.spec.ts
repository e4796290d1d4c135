import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { freePort } from '../fakes/process';
import { signInAtCompanyIdP, startCompanyIdP, type CompanyIdP } from '../fakes/oidc-provider';
import { expect, test } from './support';

// The company identity provider of sso.spec.ts (panva's oidc-provider, see
// fakes/oidc-provider.ts) on its own, without our server: discovery, and the
// authorization code flow with PKCE S256 in Chromium against a tiny local
// redirect target, the code exchanged as our server does it
// (client_secret_post) and once with client_secret_basic. It proves the
// harness gives what the company sign-in relies on, so a failing journey
// points at the app, not at the provider.

const CLIENT_ID = 'harness-client';
const CLIENT_SECRET = 'harness-secret-0123456789';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  scopes_supported: string[];
  claims_supported: string[];
  code_challenge_methods_supported: string[];
  id_token_signing_alg_values_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  response_types_supported: string[];
}

const b64url = (b: Buffer) => b.toString('base64url');

/** A PKCE pair: the verifier and its S256 challenge. */
function pkce(): { verifier: string; challenge: string } {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
}

/** The ID token's header and payload after its RS256 signature checked out against the provider's keys. */
async function verifiedIdToken(jwksURI: string, idToken: string): Promise<{ header: Record<string, unknown>; claims: Record<string, unknown> }> {
  const [h, p, s] = idToken.split('.');
  if (!h || !p || !s) throw new Error(`not a JWS: ${idToken}`);
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>;
  const { keys } = (await (await fetch(jwksURI)).json()) as { keys: (JsonWebKey & { kid?: string })[] };
  const jwk = keys.find((k) => k.kid === header.kid);
  expect(jwk, `a key ${String(header.kid)} in the JWKS`).toBeDefined();
  const ok = verify('RSA-SHA256', Buffer.from(`${h}.${p}`), createPublicKey({ key: jwk!, format: 'jwk' }), Buffer.from(s, 'base64url'));
  expect(ok, 'the ID token signature verifies with the published key').toBe(true);
  return { header, claims: JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown> };
}

let idp: CompanyIdP;
let target: Server;
let redirectUri: string;
let discovery: Discovery;

test.beforeAll(async () => {
  // The relying party's redirect target: it answers every request with a small page.
  target = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>callback</title><h1>callback reached</h1>');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address = target.address();
  if (!address || typeof address !== 'object') throw new Error('redirect target has no port');
  redirectUri = `http://127.0.0.1:${address.port}/api/auth/sso/callback`;
  idp = await startCompanyIdP({
    port: await freePort(),
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri,
    accounts: { 'owner@acme.test': { sub: 'acme-0001', email: 'owner@acme.test', email_verified: true, name: 'Olga Owner' } },
  });
});

test.afterAll(async () => {
  await idp?.stop();
  await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()));
});

/** The authorization request our server makes: code flow, the three scopes, state, nonce, PKCE S256. */
function authorizeURL(challenge: string, state: string, nonce: string, extra: Record<string, string> = {}): string {
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return url.toString();
}

/** Waits for the redirect target and returns the code after checking the state came back. */
async function codeAtTarget(page: Page, state: string): Promise<string> {
  await expect(page.getByRole('heading', { name: 'callback reached' })).toBeVisible();
  const back = new URL(page.url());
  expect(back.origin + back.pathname).toBe(redirectUri);
  expect(back.searchParams.get('error'), back.search).toBeNull();
  expect(back.searchParams.get('state')).toBe(state);
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

/** Redeems a code at the token endpoint with the client's secret in the form or in Basic authentication. */
async function exchange(code: string, verifier: string, method: 'post' | 'basic'): Promise<Record<string, unknown>> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (method === 'post') {
    form.set('client_id', CLIENT_ID);
    form.set('client_secret', CLIENT_SECRET);
  } else {
    headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString('base64')}`;
  }
  const res = await fetch(discovery.token_endpoint, { method: 'POST', headers, body: form });
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

test('the company identity provider: discovery, then code flow with PKCE S256 in Chromium, ID token with email and email_verified', async ({
  page,
}) => {
  await test.step('discovery at <issuer>/.well-known/openid-configuration', async () => {
    const res = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    discovery = (await res.json()) as Discovery;
    expect(idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(discovery.issuer).toBe(idp.issuer);
    for (const endpoint of [discovery.authorization_endpoint, discovery.token_endpoint, discovery.jwks_uri]) {
      expect(endpoint.startsWith(`${idp.issuer}/`), endpoint).toBe(true);
    }
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'email_verified', 'name']));
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(['client_secret_post', 'client_secret_basic']));
    expect(discovery.response_types_supported).toContain('code');
  });

  await test.step('an authorization request without PKCE goes back to the client with invalid_request', async () => {
    const url = new URL(authorizeURL('unused', 'no-pkce', 'n0'));
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '', idp.issuer);
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('no-pkce');
    expect(idp.errors).toEqual([expect.stringMatching(/^authorization\.error: invalid_request/)]);
    idp.errors.length = 0;
  });

  await test.step('sign in at the provider as a known account; code for tokens with client_secret_post', async () => {
    const { verifier, challenge } = pkce();
    const state = b64url(randomBytes(16));
    const nonce = b64url(randomBytes(16));
    await page.goto(authorizeURL(challenge, state, nonce, { login_hint: 'owner@acme.test' }));
    await expect(page.getByLabel('Login', { exact: true })).toHaveValue('owner@acme.test');
    await signInAtCompanyIdP(page, 'owner@acme.test');
    const code = await codeAtTarget(page, state);
    const tokens = await exchange(code, verifier, 'post');
    expect(tokens.token_type).toBe('Bearer');
    const { header, claims } = await verifiedIdToken(discovery.jwks_uri, String(tokens.id_token));
    expect(header.alg).toBe('RS256');
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: CLIENT_ID,
      nonce,
      sub: 'acme-0001',
      email: 'owner@acme.test',
      email_verified: true,
      name: 'Olga Owner',
    });
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);

    // A code is good once: the second redemption is refused.
    const again = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
    idp.errors.length = 0;
  });

  await test.step('a login the provider does not list signs in as that address, verified; client_secret_basic', async () => {
    const { verifier, challenge } = pkce();
    const state = b64url(randomBytes(16));
    const nonce = b64url(randomBytes(16));
    // prompt=login: the provider asks again although the browser has a session.
    await page.goto(authorizeURL(challenge, state, nonce, { prompt: 'login' }));
    await signInAtCompanyIdP(page, 'new@acme.test');
    const code = await codeAtTarget(page, state);
    const tokens = await exchange(code, verifier, 'basic');
    const { claims } = await verifiedIdToken(discovery.jwks_uri, String(tokens.id_token));
    expect(claims).toMatchObject({ iss: idp.issuer, aud: CLIENT_ID, nonce, sub: 'new@acme.test', email: 'new@acme.test', email_verified: true });
    expect(claims.name).toBeUndefined();
  });

  await test.step('a wrong code_verifier is refused', async () => {
    const { challenge } = pkce();
    const state = b64url(randomBytes(16));
    // The browser's session at the provider answers at once, without the form.
    await page.goto(authorizeURL(challenge, state, 'n1'));
    const code = await codeAtTarget(page, state);
    const res = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: pkce().verifier,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
    expect(idp.errors).toEqual([expect.stringMatching(/^grant\.error: invalid_grant/)]);
    idp.errors.length = 0;
  });

  expect(idp.errors).toEqual([]);
});
