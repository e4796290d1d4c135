import { PASSWORD, solveObjection, startPractice } from './chat-support';
import { appURL, baseURL, createConfirmedUser, expect, otherPerson, signInAs, signUpAndConfirm, test, uniqueEmail } from './support';

test('invite a friend: generate and copy the link, the friend registers through it and shows up', async ({
  page,
  request,
  browser,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  const email = uniqueEmail('werber');
  await createConfirmedUser(request, email, PASSWORD);
  await signInAs(page, email);

  const invite = page.getByRole('region', { name: 'Freunde einladen' });
  await expect(invite.getByText('Noch keine Registrierungen')).toBeVisible();
  await invite.getByRole('button', { name: 'Link generieren' }).click();
  const field = invite.getByLabel('Dein Einladungs\u2011Link');
  await expect(field).toHaveValue(new RegExp(`^${baseURL().replace(/[.:/]/g, '\\$&')}/\\?ref=[A-Za-z0-9_-]+$`));
  const link = await field.inputValue();

  await invite.getByRole('button', { name: 'Kopieren' }).click();
  await expect(page.getByText('Einladungs\u2011Link wurde kopiert!')).toBeVisible();
  await expect(invite.getByRole('button', { name: 'Kopiert!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // the copied state resets after 3 s
  await expect(invite.getByRole('button', { name: 'Kopieren' })).toBeVisible({ timeout: 5_000 });
  await page.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true });

  // The friend opens the link in another browser: landing page → CTA → register → confirm.
  const friend = await otherPerson(browser);
  const friendEmail = uniqueEmail('freundin');
  await friend.goto(link);
  await friend.getByRole('link', { name: 'Jetzt starten' }).click();
  await expect(friend).toHaveURL(/\/app\/login\?ref=/);
  await signUpAndConfirm(friend, friendEmail);
  await friend.context().close();

  await page.reload();
  const list = invite.getByRole('list', { name: 'Registrierungen' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const today = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' }).format(new Date());
  await expect(list.getByRole('listitem')).toContainText(today);
  // After the reload the link is still there (issue 25, point 14), and the
  // friend without a name shows with the initial of her e-mail.
  await expect(field).toHaveValue(link);
  await expect(invite.getByRole('button', { name: 'Link generieren' })).toHaveCount(0);
  await expect(list.getByRole('listitem')).toContainText('Nutzer F.');
  await expect(list.getByRole('listitem')).not.toContainText('Unbekannt');
  // 'Kooperationen' is no empty heading.
  const coop = page.getByRole('region', { name: 'Kooperationen' });
  await expect(coop.getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/impressum');
});

/** The accessible labels of the nine rings, e.g. 'Einwände gelöst, Stufe I: 0 / 1'. */
async function ringLabels(page: import('@playwright/test').Page): Promise<Record<string, string>> {
  const list = page.getByRole('region', { name: 'Challenges' }).getByRole('list', { name: 'Challenges' });
  await expect(list.getByRole('listitem')).toHaveCount(9);
  const items = await list.locator('li[data-challenge]').evaluateAll((lis) =>
    lis.map((li) => [li.getAttribute('data-challenge') ?? '', li.querySelector('[role="img"]')?.getAttribute('aria-label') ?? '']),
  );
  return Object.fromEntries(items);
}

test('the challenge rings move after a won practice chat', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('ringe');
  await createConfirmedUser(request, email, PASSWORD);
  await signInAs(page, email);
  const before = await ringLabels(page);
  expect(before.objections_solved).toBe('Einwände gelöst, Stufe I: 0 / 1');
  expect(before.completed_chats).toBe('Abgeschlossene Chats, Stufe I: 0 / 3');
  expect(before.perfect_answers).toBe('Perfekte Antworten, Stufe I: 0 / 8');

  await page.getByRole('link', { name: 'Sales Coach – zum Chat' }).click();
  await startPractice(page, 'Leicht', 'Guten Tag! Ich bin Alex von CloudCRM und möchte Ihnen kurz unser Angebot vorstellen.');
  // each answer took a hint popup and a perfect answer (the seller's examples filled in)
  const answers = await solveObjection(page);
  await expect(page.getByText('Herzlichen Glückwunsch, du hast den Kunden überzeugt')).toBeVisible();
  expect(answers, 'filled-in perfect answers the Leicht chat took').toBeLessThan(5);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(appURL('/dashboard'));
  await expect
    .poll(async () => (await ringLabels(page)).completed_chats)
    .toBe('Abgeschlossene Chats, Stufe I: 1 / 3');
  const after = await ringLabels(page);
  expect(after.objections_solved).toBe('Einwände gelöst, Stufe I: 1 / 5');
  expect(after.perfect_answers).toBe(`Perfekte Antworten, Stufe I: ${answers} / 8`);
  expect(after.hints).toBe(`Hints genutzt, Stufe I: ${answers} / 5`);
  expect(after.messages_sent).not.toBe(before.messages_sent);
  expect(after.daily_streak).toMatch(/: 1 \/ 7$/);
  await page.screenshot({ path: testInfo.outputPath('rings.png') });
});
