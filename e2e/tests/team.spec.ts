import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { apiToken, PASSWORD, solveObjection, startChatByApi, startPractice } from './chat-support';
import { appURL, baseURL, createConfirmedUser, expect, mailLink, patchMe, signIn, test, uniqueEmail } from './support';

// Teams (issue 27) against the real binary and its built-in trainer: an
// owner founds a team and invites two people by mail; one has an account and
// opens the link signed out (signs in, then joins), the other has none and
// joins when confirming the address. Both practise; the owner's table shows
// their figures (live, while the page is open), the leaderboard both; a
// shared chat is readable; English, phone viewport, axe-core.

const PITCH = 'Guten Tag! Ich bin Alex von CloudCRM und möchte Ihnen kurz unser Angebot vorstellen.';

async function expectNoAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect.soft(found, `axe violations on ${what}`).toEqual([]);
  expect(results.passes.length, `axe checks that passed on ${what}`).toBeGreaterThan(10);
}

/** The members table's row of a member (by the name in its row header). */
const memberRow = (page: Page, name: string) =>
  page.getByRole('table', { name: /^(Mitglieder|Members)$/ }).getByRole('row').filter({ has: page.getByRole('link', { name }) });

/** A fresh browser context (its own cookies: another person), opened at path. */
async function personAt(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

test('an owner founds a team, invites two people by mail; both join and practise; the owner sees them, the leaderboard both', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = uniqueEmail('team-owner');
  const anna = uniqueEmail('team-anna');
  const ben = uniqueEmail('team-ben');
  await createConfirmedUser(request, owner, PASSWORD);
  await createConfirmedUser(request, anna, PASSWORD);
  await patchMe(request, await apiToken(request, anna), { display_name: 'Anna Team' });

  // The owner founds the team on the team page.
  await page.goto(appURL('/login'));
  await signIn(page, owner, PASSWORD);
  await expect(page).toHaveURL(appURL('/dashboard'));
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Du bist in keinem Team' })).toBeVisible();
  await page.getByLabel('Teamname').fill('Vertrieb Nord');
  await page.getByRole('button', { name: 'Team gründen' }).click();
  await expect(page.getByText('Vertrieb Nord · 1 Mitglied · deine Rolle: Inhaber')).toBeVisible();

  // Two invitations by mail.
  const invite = page.getByRole('region', { name: 'Per E-Mail einladen' });
  for (const email of [anna, ben]) {
    await invite.getByLabel('E-Mail-Adresse').fill(email);
    await invite.getByRole('button', { name: 'Einladen' }).click();
    await expect(page.getByText(`Einladung an ${email} verschickt.`, { exact: false })).toBeVisible();
  }

  // Anna has an account: she opens the link signed out, signs in and joins.
  const annaLink = await mailLink(anna, 'token', 30_000);
  expect(annaLink).toContain('/app/team/join?token=');
  const annaPage = await personAt(browser, annaLink);
  await expect(annaPage).toHaveURL(/\/app\/login/);
  await signIn(annaPage, anna, PASSWORD);
  await expect(annaPage.getByText('Willkommen im Team „Vertrieb Nord“!')).toBeVisible();

  // Ben has none: he signs up with the invited address and joins when he confirms it.
  await mailLink(ben, 'token', 30_000);
  await createConfirmedUser(request, ben, PASSWORD);
  const benToken = await apiToken(request, ben);
  await patchMe(request, benToken, { display_name: 'Ben Team' });
  const benTeam = await request.get(`${baseURL()}/api/team`, { headers: { Authorization: `Bearer ${benToken}` } });
  expect(benTeam.ok(), await benTeam.text()).toBe(true);
  expect(await benTeam.json()).toMatchObject({ name: 'Vertrieb Nord', role: 'member' });

  // The owner's table lists both, no chats yet.
  await page.reload();
  await expect(page.getByText('Vertrieb Nord · 3 Mitglieder · deine Rolle: Inhaber')).toBeVisible();
  await expect(memberRow(page, 'Anna Team').getByRole('cell').nth(2)).toHaveText('0');
  await expect(memberRow(page, 'Ben Team')).toBeVisible();

  // Anna wins a practice in the app while the owner's page is open: her row updates live.
  await annaPage.goto(appURL('/chat'));
  await startPractice(annaPage, 'Leicht', PITCH);
  await solveObjection(annaPage);
  await expect(annaPage.getByText('Herzlichen Glückwunsch, du hast den Kunden überzeugt')).toBeVisible();
  await expect(memberRow(page, 'Anna Team').getByRole('cell').nth(2)).toHaveText('1');
  expect(Number(await memberRow(page, 'Anna Team').getByRole('cell').nth(3).textContent())).toBeGreaterThan(0);

  // She shares it ('Mit meinem Team teilen'); the owner reads it.
  await annaPage.getByRole('button', { name: 'Mit meinem Team teilen' }).click();
  await expect(annaPage.getByText('Mit deinem Team geteilt', { exact: true })).toBeVisible();
  const annaChats = await request.get(`${baseURL()}/api/conversations`, {
    headers: { Authorization: `Bearer ${await apiToken(request, anna)}` },
  });
  const [shared] = (await annaChats.json()) as { id: string }[];
  await page.goto(appURL(`/team/chats/${shared!.id}`));
  await expect(page.getByRole('heading', { name: 'Geteilter Chat von Anna Team', level: 1 })).toBeVisible();
  await expect(page.getByText(PITCH)).toBeVisible();
  // Revoked, it is gone for the owner.
  await annaPage.getByRole('button', { name: 'Teilen beenden' }).click();
  await expect(annaPage.getByRole('button', { name: 'Mit meinem Team teilen' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Dieser Chat ist nicht (mehr) mit dem Team geteilt.')).toBeVisible();

  // Ben practises through the API.
  const benChat = await startChatByApi(request, benToken, PITCH);
  const answer = await request.post(`${baseURL()}/api/chat`, {
    headers: { Authorization: `Bearer ${benToken}` },
    data: { conversationId: benChat, message: 'Das verstehe ich gut. Was genau ist Ihnen dabei besonders wichtig?' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);

  // The owner sees both with their figures, and Anna's page.
  await page.goto(appURL('/team'));
  await expect(memberRow(page, 'Ben Team').getByRole('cell').nth(2)).toHaveText('1');
  await expect(memberRow(page, 'Anna Team').getByRole('cell').nth(2)).toHaveText('1');
  await page.getByRole('button', { name: 'Nach Chats sortieren' }).click();
  await expect(page.getByRole('columnheader', { name: /Chats/ })).toHaveAttribute('aria-sort', 'descending');
  await page.getByLabel('Name oder E-Mail suchen').fill('Ben');
  await expect(page.getByRole('table', { name: 'Mitglieder' }).getByRole('row')).toHaveCount(2);
  await page.getByLabel('Name oder E-Mail suchen').fill('');

  // The leaderboard shows both (and the owner).
  const board = page.getByRole('region', { name: 'Bestenliste' });
  await expect(board.getByRole('rowheader', { name: 'Anna Team' })).toBeVisible();
  await expect(board.getByRole('rowheader', { name: 'Ben Team' })).toBeVisible();
  await expect(board.getByText(/^Dein Platz: \d+ · \d+ XP$/)).toBeVisible();

  await memberRow(page, 'Anna Team').getByRole('link', { name: 'Anna Team' }).click();
  await expect(page.getByRole('heading', { name: 'Anna Team', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Techniken' })).toBeVisible();

  // Anna's 'Mein Fortschritt' says what the team sees.
  await annaPage.goto(appURL('/progress'));
  await expect(annaPage.getByRole('region', { name: 'Was dein Team sieht' })).toContainText('Vertrieb Nord');

  // English, on a phone, for axe-core.
  await patchMe(request, await apiToken(request, owner), { language: 'en' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(appURL('/team'));
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByText('Vertrieb Nord · 3 members · your role: Owner')).toBeVisible();
  await expect(memberRow(page, 'Anna Team')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leaderboard' }).getByRole('rowheader', { name: 'Ben Team' })).toBeVisible();
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page width beyond the viewport').toBeLessThanOrEqual(client);
  await page.screenshot({ path: testInfo.outputPath('team-390x844.png'), fullPage: true });
  await expectNoAxeViolations(page, "'Team' in English on a phone");

  await annaPage.context().close();
});
