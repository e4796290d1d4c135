import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, input, startChatByApi } from './chat-support';
import {
  PASSWORD,
  apiCall,
  appURL,
  createConfirmedUser,
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  mailLink,
  otherPerson,
  patchMe,
  signInAs,
  test,
  uniqueEmail,
} from './support';

// The team screens a manager and a member meet (issue 40, point 1), against
// the real binary: the period switches look like the rest of the app on a
// team page opened first; the owner has one name in the members table and
// on the leaderboard; the members table is a list of cards on a phone; a
// shared chat shows each answer's score and the evaluation; a member sees
// the team's assignments on 'Team' and the chat started from one names it;
// an invitation's sign-in page names the team; '/app/team/sso' explains the
// providers, in German and English. The API stands in for what the other
// people do before the screen is looked at (joining, chatting, sharing).

const NO_NAME = 'Teammitglied ohne Namen';

interface Team {
  joinUrl: string;
}

/**
 * An owner without a display name, their team, and Anna, who joined it by
 * the join link; both signed in through `request` (not a page's, whose
 * cookies would sign the page in).
 */
async function teamOfTwo(request: APIRequestContext, name: string) {
  const owner = uniqueEmail('screens-owner');
  const anna = uniqueEmail('screens-anna');
  await createConfirmedUser(request, owner, PASSWORD);
  await createConfirmedUser(request, anna, PASSWORD, { displayName: 'Anna Team' });
  const ownerToken = await apiToken(request, owner);
  const annaToken = await apiToken(request, anna);
  await apiCall(request, ownerToken, 'POST', '/api/teams', { name });
  const { joinUrl } = await apiCall<Team>(request, ownerToken, 'GET', '/api/team');
  await apiCall(request, annaToken, 'POST', '/api/team/join', { token: new URL(joinUrl).searchParams.get('token') });
  return { owner, anna, ownerToken, annaToken };
}

/** The computed look of the pressed option of a period switch (a group of toggle buttons). */
async function pressedLook(page: Page, group: string) {
  const pressed = page.getByRole('group', { name: group, exact: true }).locator('button[aria-pressed="true"]');
  await expect(pressed).toBeVisible();
  return pressed.evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, color: s.color, border: s.borderTopColor, radius: s.borderTopLeftRadius };
  });
}

test('a manager: period switches like the rest of the app, one name for the owner, cards on a phone, a shared chat with its scores', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { owner, annaToken } = await teamOfTwo(request, 'Vertrieb Screens');
  // Anna practises: an opening and an answer (scored), asks for the evaluation and shares the chat.
  const chat = await startChatByApi(request, annaToken, 'Guten Tag, hier ist Anna von CloudCRM.');
  const { score } = await apiCall<{ score: { answerScore: number } }>(request, annaToken, 'POST', '/api/chat', {
    conversationId: chat,
    message: 'Verstehe. Darf ich fragen, was Ihnen dabei am wichtigsten ist?',
  });
  await apiCall(request, annaToken, 'POST', `/api/conversations/${chat}/evaluation`);
  await apiCall(request, annaToken, 'POST', `/api/conversations/${chat}/share`);

  await test.step('The team page opened first: its period switches look as on “Mein Fortschritt”', async () => {
    await signInAs(page, owner);
    await page.goto(appURL('/team'));
    const team = await pressedLook(page, 'Zeitraum');
    const board = await pressedLook(page, 'Zeitraum der Bestenliste');
    await page.goto(appURL('/progress'));
    const progress = await pressedLook(page, 'Zeitraum');
    expect(team).toEqual(progress);
    expect(board).toEqual(progress);
  });

  await test.step('The owner without a display name has the same name in the members table and on the leaderboard', async () => {
    await page.goto(appURL('/team'));
    const members = page.getByRole('table', { name: 'Mitglieder' });
    await expect(members.getByRole('link', { name: NO_NAME })).toBeVisible();
    await expect(members.getByRole('rowheader', { name: new RegExp(`^${NO_NAME}`) })).toContainText(owner);
    const board = page.getByRole('region', { name: 'Bestenliste' });
    await expect(board.getByRole('rowheader', { name: `${NO_NAME} (du)` })).toBeVisible();
    await expect(board.getByRole('rowheader', { name: 'Anna Team' })).toBeVisible();
    await expectNoAxeViolations(page, "'Team' of an owner at 1280×800");
  });

  await test.step("Anna's shared chat shows each answer's score and the evaluation", async () => {
    await page.getByRole('table', { name: 'Mitglieder' }).getByRole('link', { name: 'Anna Team' }).click();
    await expect(page.getByRole('heading', { name: 'Anna Team', level: 1 })).toBeVisible();
    await page.getByRole('list', { name: 'Geteilte Chats und Prüfungen aus Aufgaben' }).getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Geteilter Chat von Anna Team', level: 1 })).toBeVisible();
    const transcript = page.getByRole('list', { name: 'Gesprächsverlauf' });
    await expect(transcript.getByText(`Bewertung dieser Antwort: ${score.answerScore} %`)).toBeVisible();
    const evaluation = page.getByRole('region', { name: 'Auswertung' });
    await expect(evaluation.getByText(/^Gesamt: \d+ %$/)).toBeVisible();
    await expect(evaluation.getByRole('list', { name: 'Bewertung nach Kategorien' }).getByRole('listitem')).toHaveCount(6);
    await expectNoAxeViolations(page, 'a shared chat with its scores at 1280×800');
  });

  await test.step('On a phone the members are cards: every figure named, nothing cut, sorted by a menu', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(appURL('/team'));
    const members = page.getByRole('table', { name: 'Mitglieder' });
    const anna = members.getByRole('row').filter({ has: page.getByRole('link', { name: 'Anna Team' }) });
    const role = anna.getByRole('cell').first();
    await expect(role).toHaveText('Mitglied');
    // Each line of a card names its column (the header row is hidden on a phone).
    expect(await role.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Rolle"');
    await expect(members.locator('thead')).toBeHidden();
    // The whole card fits the panel, and the role is not cut off.
    const fits = await members.evaluate((table) => {
      const panel = table.closest('section');
      const cells = Array.from(table.querySelectorAll('td, th'));
      return {
        table: table.getBoundingClientRect().width,
        panel: panel ? panel.getBoundingClientRect().width : 0,
        cut: cells.filter((c) => c.scrollWidth > c.clientWidth + 1).length,
      };
    });
    expect(fits.table).toBeLessThanOrEqual(fits.panel);
    expect(fits.cut).toBe(0);
    await expect(members.getByRole('row').filter({ has: page.getByRole('link', { name: NO_NAME }) }).getByRole('cell').first()).toHaveText(
      'Inhaber',
    );
    await page.getByLabel('Sortieren nach').selectOption({ label: 'Rolle, absteigend' });
    await expect(members.getByRole('link').first()).toHaveText('Anna Team');
    await page.getByLabel('Sortieren nach').selectOption({ label: 'Rolle, aufsteigend' });
    await expect(members.getByRole('link').first()).toHaveText(NO_NAME);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath('team-cards-390x844.png'), fullPage: true });
    await expectNoAxeViolations(page, "'Team' of an owner on a phone");
  });
});

test("a member: the team's assignments on 'Team', a chat that names its assignment; an invitation that names the team", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { anna, ownerToken } = await teamOfTwo(request, 'Vertrieb Aufgaben');
  const due = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
  await apiCall(request, ownerToken, 'POST', '/api/team/assignments', { title: 'Preis üben', mode: 'Übung', difficulty: 1, dueAt: due });

  await test.step("Anna sees the assignment on 'Team' (a phone) and starts it; the chat names it", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, anna);
    await page.goto(appURL('/team'));
    const tasks = page.getByRole('region', { name: 'Aufgaben' });
    await expect(tasks.getByText('Preis üben')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bestenliste' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, "a member's 'Team' with an assignment on a phone");
    await tasks.getByRole('button', { name: 'Aufgabe „Preis üben“ starten' }).click();
    await expect(page).toHaveURL(appURL('/chat'));
    await expect(page.getByText('Aufgabe: Preis üben')).toBeVisible();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(input(page)).toBeEnabled();
    await input(page).fill('Guten Tag, ich stelle Ihnen kurz CloudCRM vor.');
    await input(page).press('Enter');
    await expect(page.getByText('Aufgabe: Preis üben')).toBeVisible();
    await expectNoAxeViolations(page, 'a chat started from an assignment on a phone');
  });

  await test.step("Someone invited by mail, signed out, reads the team's name on the sign-in page", async () => {
    const ben = uniqueEmail('screens-ben');
    await apiCall(request, ownerToken, 'POST', '/api/team/invitations', { email: ben, role: 'member' });
    const benPage = await otherPerson(browser, { viewport: { width: 1280, height: 800 } });
    await benPage.goto(await mailLink(ben, 'token', 30_000));
    await expect(benPage).toHaveURL(appURL('/login'));
    await expect(
      benPage.getByText('Du wurdest in das Team „Vertrieb Aufgaben“ eingeladen. Melde dich an oder registriere dich; danach trittst du dem Team bei.'),
    ).toBeVisible();
    await expectNoAxeViolations(benPage, 'the sign-in page of an invitation');
    await benPage.context().close();
  });
});

test("'/app/team/sso' explains the providers to an owner, in German and in English", async ({ page, request }) => {
  const { owner, ownerToken } = await teamOfTwo(request, 'Vertrieb SSO');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, owner);
  await page.goto(appURL('/team/sso'));
  const guide = page.getByRole('region', { name: 'Welche Anbieter funktionieren?' });
  await expect(guide).toContainText('OpenID Connect');
  for (const provider of ['Microsoft Entra ID', 'Google Workspace', 'Okta', 'Keycloak']) {
    await expect(guide.getByText(provider, { exact: true })).toBeVisible();
  }
  // A disclosure per provider, opened from the keyboard.
  await guide.getByText('Microsoft Entra ID', { exact: true }).focus();
  await page.keyboard.press('Enter');
  const entra = guide.locator('details', { hasText: 'Microsoft Entra ID' });
  await expect(entra.getByRole('term')).toHaveText(['Anlegen', 'Aussteller-URL (Issuer)', 'Client-ID', 'Client-Secret', 'Wichtig']);
  await expect(entra).toContainText('https://login.microsoftonline.com/<tenant-id>/v2.0');
  await expect(entra).toContainText('Zertifikate & Geheimnisse');
  await expectNoAxeViolations(page, "'/team/sso' with the providers' guide open");

  await patchMe(request, ownerToken, { language: 'en' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const english = page.getByRole('region', { name: 'Which providers work?' });
  await english.getByText('Keycloak', { exact: true }).click();
  const keycloak = english.locator('details', { hasText: 'Keycloak' });
  await expect(keycloak.getByRole('term')).toHaveText(['Set up', 'Issuer URL', 'Client ID', 'Client secret', 'Important']);
  await expect(keycloak).toContainText('https://<server>/realms/<realm>');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, "'/team/sso' in English on a phone");
});
