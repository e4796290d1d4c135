import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

/** Every prepared test user's password. */
export const PASSWORD = 'Verkaufen2025!';

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
  /** The display name the account has had since before the test (not with 'new'). */
  displayName?: string;
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
    ...(setup.displayName ? { display_name: setup.displayName } : {}),
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
 * Signs up on the login page's 'Jetzt registrieren' form (terms accepted),
 * then opens the mailed confirmation link in the same page; ends on the
 * login page, confirmed and signed out.
 */
export async function signUpAndConfirm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('button', { name: 'Jetzt registrieren' }).click();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Passwort bestätigen').fill(password);
  await page.getByRole('checkbox', { name: /Nutzungsbedingungen/ }).check();
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText(/Registrierung erfolgreich!/)).toBeVisible();
  await page.goto(await mailLink(email, 'confirm'));
  await expect(page.getByText('Deine E-Mail-Adresse ist bestätigt. Du kannst dich jetzt anmelden.')).toBeVisible();
}

/** Signs in on the login page and waits for the landing page (the dashboard, for an admin the overview). */
export async function signInAs(page: Page, email: string, landing = '/dashboard', password = PASSWORD): Promise<void> {
  await page.goto(appURL('/login'));
  await signIn(page, email, password);
  await expect(page).toHaveURL(appURL(landing));
}

/** A new confirmed account (profile as `setup` says), signed in on `page` and on the dashboard; returns its address. */
export async function signedInNewUser(page: Page, request: APIRequestContext, prefix: string, setup: UserSetup = {}): Promise<string> {
  const email = uniqueEmail(prefix);
  await createConfirmedUser(request, email, PASSWORD, setup);
  await signInAs(page, email);
  return email;
}

/** Another person: a page in a browser context of their own (cookies, storage), German unless `options` say otherwise. */
export async function otherPerson(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', ...options });
  return context.newPage();
}

/** Another person (otherPerson), signed in as `email` and on `landing`. */
export async function signedInPage(browser: Browser, email: string, landing = '/dashboard'): Promise<Page> {
  const page = await otherPerson(browser);
  await signInAs(page, email, landing);
  return page;
}

/** One API call with a bearer token that must succeed; returns the JSON answer. */
export async function apiCall<T = Record<string, unknown>>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`${baseURL()}${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Opens the profile dialog ('Profil bearbeiten') from the sidebar. */
export async function openProfile(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /Profil öffnen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The WCAG 2.1 A and AA rules of axe-core that the app must pass. */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG 2.1 A and AA rules on what the page shows now. A violation
 * fails (softly, so one run reports every screen) with its rule, its help
 * text and the elements it found, so the report says what to fix.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG21_AA).analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect.soft(found, `axe violations on ${what}`).toEqual([]);
  // the scan ran on the screen, not on an empty or half-loaded page
  expect(results.passes.length, `axe checks that passed on ${what}`).toBeGreaterThan(10);
}

/** Nothing is wider than the screen: the page does not scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page width beyond the viewport').toBeLessThanOrEqual(client);
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
