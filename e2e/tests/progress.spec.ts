import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectCustomerReplies, guestOnChat, input, signedInOnChat, solveObjection, startPractice } from './chat-support';
import { appURL, baseURL, expect, expectNoAxeViolations, expectNoHorizontalScroll, patchMe, test } from './support';

// 'Mein Fortschritt' (issue 26) against the real binary and its built-in
// trainer: the techniques and families follow the chats played, 'Als
// Nächstes üben' starts a practice whose customer raises the recommended
// family first, and the screen is readable in English, on a phone and for
// axe-core.

const PITCH = 'Guten Tag! Ich bin Alex von CloudCRM und möchte Ihnen kurz unser Angebot vorstellen.';
/** Answers that show no technique: no acknowledgement, question, benefit, evidence or next step. */
const POOR = ['ok', 'Naja.', 'Hm.', 'Schade eigentlich.', 'Mal sehen.'];

/** The number of scored answers the page counts for the period. */
async function answers(page: Page, word = 'bewertete'): Promise<number> {
  const text = (await page.locator('.progress__answers').textContent()) ?? '';
  const m = new RegExp(`^(\\d+) ${word}`).exec(text);
  expect(m, text).not.toBeNull();
  return Number(m![1]);
}

/** A technique's card. */
const techniqueCard = (page: Page, name: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3, exact: true }) });

/** The families' rows (name without the 'schwach' mark → attempts). */
async function familyAttempts(page: Page, table = 'Einwände im Zeitraum', weak = 'schwach'): Promise<Record<string, number>> {
  const region = page.getByRole('region', { name: table });
  if ((await region.count()) === 0) return {};
  const rows = region.getByRole('row');
  const out: Record<string, number> = {};
  for (let i = 1; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const name = ((await row.getByRole('rowheader').textContent()) ?? '').replace(weak, '').trim();
    out[name] = Number(await row.getByRole('cell').first().textContent());
  }
  return out;
}

async function openProgress(page: Page, title = 'Mein Fortschritt') {
  await page.getByRole('navigation').getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(appURL('/progress'));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.locator('.progress__answers')).toBeVisible();
}

test('two chats change techniques and families; the evaluation links here; "Als Nächstes üben" starts a practice on the weakest family', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInOnChat(page, request, 'progress');

  // Nothing played yet.
  await openProgress(page);
  expect(await answers(page)).toBe(0);
  const next = page.getByRole('region', { name: 'Als Nächstes üben' });
  await expect(next.getByText('Noch zu wenig Daten')).toBeVisible();
  await expect(next.getByRole('button')).toHaveCount(0);
  await expect(page.getByText('Im Zeitraum noch keine Einwände.')).toBeVisible();

  // A good chat: filled-in perfect answers win it; its evaluation links to the progress page.
  await page.goto(appURL('/chat'));
  await startPractice(page, 'Leicht', PITCH);
  await solveObjection(page);
  await expect(page.getByText('Herzlichen Glückwunsch, du hast den Kunden überzeugt')).toBeVisible();
  await page.getByRole('button', { name: 'Bewertung anfordern' }).click();
  const evaluation = page.getByRole('region', { name: 'Auswertung' });
  await evaluation.getByRole('link', { name: 'Deinen Fortschritt ansehen' }).click();
  await expect(page).toHaveURL(appURL('/progress'));
  await expect(page.getByRole('heading', { name: 'Mein Fortschritt', level: 1 })).toBeVisible();
  await expect(page.locator('.progress__answers')).toBeVisible();
  const afterGood = await answers(page);
  expect(afterGood).toBeGreaterThan(0);
  const acknowledgeGood = await techniqueCard(page, 'Einwand anerkennen').locator('.progress__rate').textContent();
  const familiesGood = await familyAttempts(page);
  expect(Object.values(familiesGood)).toEqual([1]);
  await expect(techniqueCard(page, 'Einwand anerkennen').getByRole('img', { name: /^Einwand anerkennen je Woche: / })).toBeVisible();

  // A poor chat: answers that show no technique.
  await page.goto(appURL('/chat'));
  await page.getByRole('button', { name: /^Übung/ }).click();
  await page.getByRole('button', { name: /^Leicht/ }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await input(page).fill(PITCH);
  await input(page).press('Enter');
  await expectCustomerReplies(page, 1);
  for (const [i, text] of POOR.entries()) {
    await input(page).fill(text);
    await input(page).press('Enter');
    await expectCustomerReplies(page, i + 2);
  }

  await openProgress(page);
  await expect.poll(() => answers(page)).toBe(afterGood + POOR.length);
  // The techniques changed: fewer of all answers acknowledged the objection.
  await expect(techniqueCard(page, 'Einwand anerkennen').locator('.progress__rate')).not.toHaveText(acknowledgeGood ?? '');
  await expect(techniqueCard(page, 'Einwand anerkennen')).toContainText(`von ${afterGood + POOR.length} Antworten`);
  // The families changed: the poor chat's objection is there (a second attempt, or a new family).
  const familiesPoor = await familyAttempts(page);
  expect(Object.values(familiesPoor).reduce((a, b) => a + b, 0)).toBe(2);

  // The recommendation: the weakest family, at a difficulty that fits its poor average.
  const start = page.getByRole('region', { name: 'Als Nächstes üben' }).getByRole('button', { name: /^Übung starten: / });
  await expect(start).toBeVisible();
  const family = ((await start.textContent()) ?? '').replace('Übung starten: ', '');
  expect(familiesPoor[family], `${family} in ${JSON.stringify(familiesPoor)}`).toBeGreaterThan(0);
  await start.click();

  // A practice at Leicht is chosen and started, without asking for mode and difficulty again; its customer raises that family first.
  await expect(page).toHaveURL(appURL('/chat'));
  await expect(page.getByText(`Übung · Leicht · Einwand „${family}“`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Leicht/ })).toHaveCount(0);
  await input(page).fill(PITCH);
  await input(page).press('Enter');
  await expectCustomerReplies(page, 1);
  await input(page).fill('Das verstehe ich gut. Was genau ist Ihnen dabei besonders wichtig?');
  await input(page).press('Enter');
  await expectCustomerReplies(page, 2);

  await openProgress(page);
  await expect.poll(() => answers(page)).toBe(afterGood + POOR.length + 1);
  // The one objection this chat's customer raised and the seller answered is the recommended family's.
  const familiesFocus = await familyAttempts(page);
  expect(familiesFocus).toEqual({ ...familiesPoor, [family]: (familiesPoor[family] ?? 0) + 1 });
});

/** A guest's practice chat through the API: the opening and the answers, each answered by the customer. */
async function playByApi(request: APIRequestContext, token: string, answers: string[]) {
  const headers = { Authorization: `Bearer ${token}` };
  const first = await request.post(`${baseURL()}/api/chat`, { headers, data: { mode: 'Übung', difficulty: 1, message: PITCH } });
  expect(first.ok(), await first.text()).toBe(true);
  const { conversationId } = (await first.json()) as { conversationId: string };
  for (const message of answers) {
    const res = await request.post(`${baseURL()}/api/chat`, { headers, data: { conversationId, message } });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

test('English, on a phone and for axe-core: a guest with two chats', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await guestOnChat(page);
  await playByApi(page.request, token, [
    'Das verstehe ich gut, der Preis ist ein wichtiger Punkt. Was genau meinen Sie mit zu teuer? Ein Kunde mit 12 Leuten spart seit März 5 Stunden pro Woche. Sollen wir nächste Woche einen Termin machen?',
  ]);
  await playByApi(page.request, token, POOR);
  await patchMe(page.request, token, { language: 'en' });
  await page.goto(appURL('/progress'));
  await expect(page.getByRole('heading', { name: 'My progress', level: 1 })).toBeVisible();
  expect(await answers(page, 'scored')).toBe(1 + POOR.length);
  await expect(page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const acknowledge = techniqueCard(page, 'Acknowledge the objection');
  await expect(acknowledge.getByText(/^Trend: (up|down|flat|no comparison yet)$/)).toBeVisible();
  await expect(acknowledge.getByRole('img', { name: /^Acknowledge the objection per week: / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Practise next' }).getByRole('button', { name: /^Start practice: / })).toBeVisible();
  expect(Object.keys(await familyAttempts(page, 'Objections in the period', 'weak')).length).toBeGreaterThan(0);

  // Readable on a phone: nothing wider than the screen, the text not shrunk.
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('progress-390x844.png'), fullPage: true });
  const size = await acknowledge.locator('.progress__rate').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(16);
  await expectNoAxeViolations(page, "'My progress'");

  // The table fallback opened: it scrolls in its own box, the page still does not.
  await page.locator('summary', { hasText: 'Weekly values as a table' }).click();
  await expect(page.getByRole('table', { name: 'Weekly values as a table' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, "'My progress' with the weekly table open");

  // Other periods answer too.
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.progress__answers')).toHaveText(`${1 + POOR.length} scored answers in the period`);

  // 'Practise next' starts the chat on the phone too, without asking for mode and difficulty again.
  await page.getByRole('region', { name: 'Practise next' }).getByRole('button', { name: /^Start practice: / }).click();
  await expect(page).toHaveURL(appURL('/chat'));
  await expect(page.getByText(/^Practice · (Easy|Medium|Hard) · Objection .*: introduce yourself/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Your message' })).toBeEnabled();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, "the chat 'Practise next' started");
});
