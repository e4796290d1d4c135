import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { apiToken, PASSWORD, startChatByApi } from './chat-support';
import { appURL, baseURL, createConfirmedUser, expect, openProfile, signIn, signInAs, test, uniqueEmail } from './support';

/**
 * Reads every file of a ZIP archive: the central directory names each entry
 * and where its local header is; the data follows that header, stored or
 * deflated (the only methods archive/zip writes).
 */
function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a ZIP archive: no end of central directory');
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

test("'Meine Daten herunterladen' downloads a ZIP whose JSON holds the user's conversation", async ({ page, request }) => {
  const email = uniqueEmail('export');
  await createConfirmedUser(request, email, PASSWORD);
  const token = await apiToken(request, email);
  const pitch = `Guten Tag, hier ist Erika mit dem Angebot ${Date.now()}.`;
  const conversationId = await startChatByApi(request, token, pitch);

  await signInAs(page, email);
  const dialog = await openProfile(page);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^salescoach-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByText('Download gestartet.')).toBeVisible();

  const files = unzip(readFileSync(await download.path()));
  const account = JSON.parse(files.get('account.json')?.toString('utf8') ?? '{}') as { user?: { email?: string } };
  expect(account.user?.email).toBe(email);
  const name = [...files.keys()].find((n) => n.startsWith('conversations/') && n.endsWith(`${conversationId}.json`));
  expect(name, [...files.keys()].join(', ')).toBeDefined();
  const conversation = JSON.parse(files.get(name ?? '')?.toString('utf8') ?? '{}') as {
    id: string;
    messages: { role: string; content: string }[];
  };
  expect(conversation.id).toBe(conversationId);
  expect(conversation.messages[0]).toMatchObject({ role: 'user', content: pitch });
  expect(files.get(name?.replace(/\.json$/, '.md') ?? '')?.toString('utf8')).toContain(pitch);
});

test("'Konto löschen' signs the user out everywhere and a new sign-in fails", async ({ page, browser, request }) => {
  const email = uniqueEmail('loeschen');
  await createConfirmedUser(request, email, PASSWORD);
  const otherToken = await apiToken(request, email);

  // A second browser with the same account.
  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await signInAs(secondPage, email);

  await signInAs(page, email);
  const dialog = await openProfile(page);
  await dialog.getByRole('button', { name: 'Konto löschen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Konto endgültig löschen?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByLabel('Dein Passwort')).toBeFocused();
  const submit = confirm.getByRole('button', { name: 'Konto endgültig löschen' });
  await confirm.getByLabel('Dein Passwort').fill('nicht mein Passwort');
  await confirm.getByLabel('Tippe LÖSCHEN zur Bestätigung').fill('LÖSCHEN');
  await submit.click();
  await expect(confirm.getByText('Das Passwort ist falsch.')).toBeVisible();

  await confirm.getByLabel('Dein Passwort').fill(PASSWORD);
  await submit.click();
  await expect(page).toHaveURL(appURL('/login'));
  await expect(page.getByText('Dein Konto wurde gelöscht.')).toBeVisible();

  // Every other session is refused at once: an API token, and the second
  // browser on its next request.
  const me = await request.get(`${baseURL()}/api/me`, { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(me.status()).toBe(401);
  await secondPage.reload();
  await expect(secondPage).toHaveURL(appURL('/login'));
  await second.close();

  // Signing in again fails.
  const login = await request.post(`${baseURL()}/api/auth/login`, { data: { email, password: PASSWORD, remember: false } });
  expect(login.status()).toBe(401);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('E-Mail oder Passwort ist falsch.')).toBeVisible();
});
