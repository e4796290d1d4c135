import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startOIDCFake, type OIDCFake } from '../fakes/oidc';
import { startSecondServer, type SecondServer } from '../servers/second-server';
import { expect, PRODUCT, test } from './support';

// Deleting an account that has no password (issue 17): the user confirms by
// signing in at Google again. A server of its own, with Google sign-in
// pointed at cmd/oidcfake, which signs this one person in at once.
const EMAIL = 'google-reauth@example.com';

let fake: OIDCFake;
let server: SecondServer;
let fakeDir: string;
let fakeLog: WriteStream;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  fakeDir = await mkdtemp(path.join(tmpdir(), 'salescoach-e2e-oidc-'));
  fakeLog = createWriteStream(path.join(fakeDir, 'oidcfake.log'));
  fake = await startOIDCFake(fakeLog, EMAIL, 'google-e2e-reauth');
  server = await startSecondServer(fake.env);
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.stop();
  await new Promise<void>((resolve) => fakeLog.end(resolve));
  await rm(fakeDir, { recursive: true, force: true });
});

test('a Google user without a password deletes the account after signing in at Google again', async ({ page }) => {
  const app = (p: string) => `${server.baseURL}/app${p}`;
  await page.goto(app('/login'));
  await page.getByRole('link', { name: 'Mit Google anmelden' }).click();
  // Signed in by Google; a new account meets the terms first. The terms and
  // the product are set through the API with the browser's own session.
  await expect(page.getByRole('dialog', { name: 'Nutzungsbedingungen' })).toBeVisible();
  const refresh = await page.request.post(`${server.baseURL}/api/auth/refresh`);
  expect(refresh.ok(), await refresh.text()).toBe(true);
  const { access_token: token } = (await refresh.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`${server.baseURL}/api/me/terms`, { headers, data: {} })).ok()).toBe(true);
  expect(
    (await page.request.patch(`${server.baseURL}/api/me`, { headers, data: { product_description: PRODUCT, has_seen_intro: true } })).ok(),
  ).toBe(true);
  await page.goto(app('/dashboard'));

  await page.getByRole('button', { name: /Profil öffnen/ }).click();
  const profile = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  await profile.getByRole('button', { name: 'Konto löschen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Konto endgültig löschen?' });
  await expect(confirm.getByText('Dein Konto hat kein Passwort. Bestätige mit einer neuen Anmeldung, dass du es bist.')).toBeVisible();
  await expect(confirm.getByLabel('Dein Passwort')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Mit Google bestätigen' }).click();

  // Through Google and back: the deletion dialog is open and asks for the word alone.
  await expect(page).toHaveURL(app('/dashboard'));
  await expect(confirm.getByText('Anmeldung bestätigt. Du kannst dein Konto jetzt in den nächsten Minuten löschen.')).toBeVisible();
  await confirm.getByLabel('Tippe LÖSCHEN zur Bestätigung').fill('LÖSCHEN');
  await confirm.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page).toHaveURL(app('/login'));
  await expect(page.getByText('Dein Konto wurde gelöscht.')).toBeVisible();

  // The old session is gone.
  const me = await page.request.get(`${server.baseURL}/api/me`, { headers });
  expect(me.status()).toBe(401);
});
