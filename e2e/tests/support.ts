import { readFile } from 'node:fs/promises';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

/** The running server's origin (set by global-setup). */
export function baseURL(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not run');
  return url;
}

export function appURL(path: string): string {
  return `${baseURL()}/app${path}`;
}

let counter = 0;

/** A fresh e-mail address per test (workers share one server). */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

interface MailLine {
  msg?: string;
  to?: string;
  link?: string;
}

/**
 * Waits for the log mailer's line `{"msg":"mail","to":EMAIL,"link":...}` and
 * returns the newest link carrying `?confirm=`, `?reset=`, `?invite=` or
 * `?token=` (a team invitation). `file` is
 * the server log to read (global-setup's server unless a spec started its own).
 */
export async function mailLink(
  email: string,
  kind: 'confirm' | 'reset' | 'invite' | 'token',
  timeoutMs = 10_000,
  file = process.env.E2E_SERVER_LOG,
): Promise<string> {
  if (!file) throw new Error('E2E_SERVER_LOG is not set: global-setup did not run');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = await readFile(file, 'utf8').catch(() => '');
    const links: string[] = [];
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      let rec: MailLine;
      try {
        rec = JSON.parse(line) as MailLine;
      } catch {
        continue;
      }
      if (rec.msg !== 'mail' || typeof rec.link !== 'string') continue;
      if (rec.to !== undefined ? rec.to.toLowerCase() !== email.toLowerCase() : !line.includes(email)) continue;
      if (new URL(rec.link).searchParams.has(kind)) links.push(rec.link);
    }
    const last = links.at(-1);
    if (last) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} mail for ${email} in the server log`);
}

/** The product every prepared test user sells. */
export const PRODUCT = 'CloudCRM: ein CRM für kleine Vertriebsteams mit Kontakten, Angeboten und Rechnungen.';

export interface UserSetup {
  /**
   * What the profile holds after sign-up: 'ready' (default) has a product
   * description and has seen the tutorial, so neither the forced profile
   * popup nor the tutorial gets in the way; 'product' has the product but
   * not the tutorial; 'new' is a fresh account.
   */
  profile?: 'ready' | 'product' | 'new';
}

/** PATCH /api/me with a bearer token. */
export async function patchMe(request: APIRequestContext, token: string, data: Record<string, unknown>): Promise<void> {
  const res = await request.patch(`${baseURL()}/api/me`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Fills the profile of a new account as `setup` says (through the API). */
export async function prepareProfile(request: APIRequestContext, token: string, setup: UserSetup = {}): Promise<void> {
  const profile = setup.profile ?? 'ready';
  if (profile === 'new') return;
  await patchMe(request, token, {
    product_description: PRODUCT,
    ...(profile === 'ready' ? { has_seen_intro: true } : {}),
  });
}

/** Registers and confirms an account through the API (no UI), ready to sign in. */
export async function createConfirmedUser(
  request: APIRequestContext,
  email: string,
  password: string,
  setup: UserSetup = {},
): Promise<void> {
  const signup = await request.post(`${baseURL()}/api/auth/signup`, {
    data: { email, password, termsAccepted: true },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const link = await mailLink(email, 'confirm');
  const token = new URL(link).searchParams.get('confirm');
  const confirm = await request.post(`${baseURL()}/api/auth/confirm`, { data: { token } });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  if ((setup.profile ?? 'ready') === 'new') return;
  const login = await request.post(`${baseURL()}/api/auth/login`, { data: { email, password, remember: false } });
  expect(login.ok(), await login.text()).toBe(true);
  const { access_token } = (await login.json()) as { access_token: string };
  await prepareProfile(request, access_token, setup);
}

/** Fills and submits the sign-in form. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/**
 * `test` with an automatic guard: the app must run under the server's strict
 * Content-Security-Policy, so any CSP violation or uncaught page error fails the test.
 */
export const test = base.extend<{ pageProblems: void }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) {
          problems.push(message.text());
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems, 'CSP violations or page errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
