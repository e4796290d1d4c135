import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { startSecondServer, type SecondServer } from '../servers/second-server';
import { expect, mailLink, PRODUCT, signIn, test, uniqueEmail } from './support';

// Two-factor sign-in (issue 17) on a server of its own: ADMIN_TOTP_REQUIRED
// would lock the other specs' admins out of the shared one.
const ADMIN = 'admin-totp@example.com';
const PASSWORD = 'geheim-2fa-123';

let server: SecondServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startSecondServer({ ADMIN_EMAILS: ADMIN, ADMIN_TOTP_REQUIRED: 'true' });
});
test.afterAll(async () => {
  await server.stop();
});

/** RFC 4648 base32, as authenticator apps read the secret. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 with RFC 4226's dynamic truncation: 6 digits, SHA-1, 30-second steps. */
function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(bin).padStart(6, '0');
}

const currentStep = () => Math.floor(Date.now() / 30_000);

/** A six-digit code that is none of the codes the server accepts around now. */
function wrongCode(secret: string): string {
  const step = currentStep();
  const valid = new Set([-1, 0, 1, 2].map((d) => totpCode(secret, step + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

async function createUser(request: APIRequestContext, email: string): Promise<void> {
  const signup = await request.post(`${server.baseURL}/api/auth/signup`, {
    data: { email, password: PASSWORD, termsAccepted: true },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const link = await mailLink(email, 'confirm', 10_000, server.logFile);
  const confirm = await request.post(`${server.baseURL}/api/auth/confirm`, {
    data: { token: new URL(link).searchParams.get('confirm') },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  const login = await request.post(`${server.baseURL}/api/auth/login`, { data: { email, password: PASSWORD } });
  const { access_token } = (await login.json()) as { access_token: string };
  const patch = await request.patch(`${server.baseURL}/api/me`, {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { product_description: PRODUCT, has_seen_intro: true },
  });
  expect(patch.ok(), await patch.text()).toBe(true);
}

/**
 * Sets up the authenticator in the section on screen: reads the secret
 * shown for manual entry, confirms with the current step's code and closes
 * the recovery codes. Returns the secret, the step it used and the
 * recovery codes.
 */
async function enrol(page: Page): Promise<{ secret: string; step: number; recovery: string[] }> {
  await page.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }).click();
  await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const step = currentStep();
  await page.getByLabel('6-stelliger Code aus der App').fill(totpCode(secret, step));
  await page.getByRole('button', { name: 'Aktivieren' }).click();
  const codes = page.getByRole('list', { name: 'Deine Wiederherstellungscodes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await page.getByRole('button', { name: 'Ich habe die Codes gespeichert' }).click();
  return { secret, step, recovery };
}

/**
 * The code step after the password: a wrong code is refused and announced,
 * the next step's code (never used: the set-up used `step`) lets the user in.
 */
async function passCodeStep(page: Page, secret: string, step: number): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
  const field = page.getByLabel('6-stelliger Code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await field.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Der Code ist ungültig oder abgelaufen.');
  await expect(page).toHaveURL(/\/app\/login/);
  await page.getByLabel('6-stelliger Code').fill(totpCode(secret, step + 1));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
}

test('a user turns on two-factor sign-in; sign-in then asks for the code', async ({ page, request }) => {
  const email = uniqueEmail('totp-user');
  await createUser(request, email);
  await page.goto(`${server.baseURL}/app/login`);
  await signIn(page, email, PASSWORD);
  await page.getByRole('button', { name: /Profil öffnen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  await expect(dialog.getByRole('group', { name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
  const { secret, step, recovery } = await enrol(page);
  await expect(dialog.getByText('Die Zwei-Faktor-Anmeldung ist aktiv. Noch 10 Wiederherstellungscodes.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Schließen' }).first().click();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/app\/login|\/$/);

  await page.goto(`${server.baseURL}/app/login`);
  await signIn(page, email, PASSWORD);
  await passCodeStep(page, secret, step);
  await expect(page).toHaveURL(/\/app\/dashboard/);

  // Deleting the account asks for a code too (issue 25, point 17): a
  // recovery code does.
  await page.getByRole('button', { name: /Profil öffnen/ }).click();
  await dialog.getByRole('button', { name: 'Konto löschen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Konto endgültig löschen?' });
  await confirm.getByLabel('Dein Passwort').fill(PASSWORD);
  await confirm.getByLabel('Tippe LÖSCHEN zur Bestätigung').fill('LÖSCHEN');
  const submit = confirm.getByRole('button', { name: 'Konto endgültig löschen' });
  await expect(submit).toBeDisabled();
  const code = confirm.getByLabel('Code aus der Authenticator-App oder Wiederherstellungscode');
  await code.fill('ZZZZ-ZZZZ');
  await submit.click();
  await expect(confirm.getByText('Der Code ist ungültig oder abgelaufen.')).toBeVisible();
  await code.fill(recovery[0]!);
  await submit.click();
  await expect(page.getByText('Dein Konto wurde gelöscht.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login|\/$/);
  const gone = await request.post(`${server.baseURL}/api/auth/login`, { data: { email, password: PASSWORD } });
  expect(gone.status()).toBe(401);
});

test('an admin cannot reach the back-office without a valid code when it is mandatory', async ({ page, request }) => {
  await createUser(request, ADMIN);
  // A password alone opens no back-office: the admin API refuses the session.
  const login = await request.post(`${server.baseURL}/api/auth/login`, { data: { email: ADMIN, password: PASSWORD } });
  const { access_token } = (await login.json()) as { access_token: string };
  const refused = await request.get(`${server.baseURL}/api/admin/overview`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('totp_setup_required');

  // Signed in, the admin is sent to the set-up, also when asking for a back-office page.
  await page.goto(`${server.baseURL}/app/login`);
  await signIn(page, ADMIN, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeVisible();
  await page.goto(`${server.baseURL}/app/users`);
  await expect(page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Benutzer' })).toHaveCount(0);
  const { secret, step } = await enrol(page);
  // Set up: the page asked for opens.
  await expect(page.getByRole('heading', { name: 'Benutzer', level: 1 })).toBeVisible();

  // From now on the password is not enough.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  // Signing out ends on the landing page; a navigation of the test's own
  // before that would be interrupted by it.
  await page.waitForURL((url) => url.pathname === '/');
  const again = await request.post(`${server.baseURL}/api/auth/login`, { data: { email: ADMIN, password: PASSWORD } });
  const answer = (await again.json()) as { access_token?: string; totp_required?: boolean };
  expect(answer.totp_required).toBe(true);
  expect(answer.access_token).toBeUndefined();
  await page.goto(`${server.baseURL}/app/admin-dashboard`);
  await expect(page).toHaveURL(/\/app\/login/);
  await signIn(page, ADMIN, PASSWORD);
  await passCodeStep(page, secret, step);
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
});
