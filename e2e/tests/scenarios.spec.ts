import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiToken, expectCustomerReplies, input, PASSWORD, signedInOnChat, solveObjection } from './chat-support';
import {
  appURL,
  baseURL,
  createConfirmedUser,
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  otherPerson,
  patchMe,
  signInAs,
  test,
  uniqueEmail,
} from './support';

// 'Szenarien' (issue 28) against the real binary and its built-in trainer: a
// user builds a scenario with a custom objection, starts it, meets the persona
// and the wording in the chat and wins it with answers that state the
// criterion; the built-in library is there in German and English; the library
// and the editor pass axe-core and work on a phone.

const TITLE = 'Zeiterfassung für Handwerksbetriebe';
const PRODUCT =
  'TimeTrack: Zeiterfassung per App für Handwerksbetriebe. Die Mitarbeiter buchen ihre Stunden auf dem Handy, das Büro rechnet ab. Das Abo ist monatlich kündbar.';
const WORDING = 'Wir wollen uns nicht an einen langen Vertrag binden.';
const CONCERN = 'Letztes Jahr hingen wir zwei Jahre in einem Softwarevertrag fest, der nicht gepasst hat.';
const CRITERION = 'monatlich kündbar';
const PITCH = 'Guten Tag, Herr Brandt! Hier ist Alex von TimeTrack, ich möchte Ihnen kurz unsere Zeiterfassung vorstellen.';

/** A scenario's card in the library. */
const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, level: 2, exact: true }) });

async function search(page: Page, text: string, label = 'Suche') {
  await page.getByRole('searchbox', { name: label }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

test('create a scenario with a custom objection, start it, meet persona and wording, win it by the criterion; the library counts it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInOnChat(page, request, 'scenarios');

  await page.getByRole('navigation').getByRole('link', { name: 'Szenarien' }).click();
  await expect(page).toHaveURL(appURL('/scenarios'));
  await expect(page.getByRole('heading', { name: 'Szenarien', level: 1 })).toBeVisible();
  await expect(page.locator('.scenarios__count')).toBeVisible();
  await page.getByRole('link', { name: 'Neues Szenario' }).click();
  await expect(page.getByRole('heading', { name: 'Neues Szenario', level: 1 })).toBeVisible();

  // An empty save: the schema's errors at the fields, the first one focused.
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte prüfe die markierten Felder.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Titel' })).toBeFocused();
  await expectNoAxeViolations(page, 'the editor with errors');

  await page.getByRole('textbox', { name: 'Titel' }).fill(TITLE);
  await page.getByRole('combobox', { name: 'Situation' }).selectOption({ label: 'Kaltakquise' });
  await page.getByRole('textbox', { name: 'Produktbeschreibung' }).fill(PRODUCT);
  await page.getByRole('textbox', { name: 'Name' }).fill('Jonas Brandt');
  await page.getByRole('textbox', { name: 'Rolle' }).fill('Inhaber');
  await page.getByRole('textbox', { name: 'Firma oder Privathaushalt' }).fill('Brandt Elektrotechnik');
  await page.getByRole('textbox', { name: 'Branche', exact: true }).fill('Handwerk');
  const objection = page.getByRole('group', { name: 'Einwand 1' });
  await objection.getByRole('textbox', { name: 'Wortlaut 1' }).fill(WORDING);
  await objection.getByRole('textbox', { name: /^Verborgenes Anliegen/ }).fill(CONCERN);
  await objection.getByRole('textbox', { name: 'Kriterium 1' }).fill(CRITERION);

  // The preview: the customer's first message names the persona and raises the wording.
  await page.getByRole('button', { name: 'Vorschau' }).click();
  const preview = page.getByRole('region', { name: 'Erste Nachricht des Kunden' }).locator('blockquote');
  await expect(preview).toContainText('Jonas Brandt');
  await expect(preview).toContainText(WORDING);

  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Szenario gespeichert.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Szenario bearbeiten', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/scenarios\/[0-9a-f-]{36}\/edit$/);
  await expectNoAxeViolations(page, 'the editor');

  // Start it: practice, Leicht (one objection: nothing harder is offered).
  await page.getByRole('button', { name: 'Mit diesem Szenario starten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Szenario starten' });
  await expect(dialog.getByRole('group', { name: 'Schwierigkeit' }).getByRole('radio')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Zum Chat' }).click();
  await expect(page).toHaveURL(appURL('/chat'));
  const header = page.locator('.chat__header');
  await expect(header.getByText(TITLE)).toBeVisible();
  await expect(header.getByText('Jonas Brandt · Inhaber · Brandt Elektrotechnik')).toBeVisible();

  // The dialog asked for mode and difficulty: the chat does not ask again, it has started.
  await expect(input(page)).toBeEnabled();
  await expect(page.getByText('Übung · Leicht: ', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Leicht/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the chat started from a scenario');
  await input(page).fill(PITCH);
  await input(page).press('Enter');
  await expectCustomerReplies(page, 1);
  const log = page.getByRole('list', { name: 'Gesprächsverlauf' });
  const opening = log.locator('.message--bot').first();
  await expect(opening).toContainText('Jonas Brandt');
  await expect(opening).toContainText(WORDING);
  // the chat keeps the scenario in its header once it runs
  await expect(header.getByText('Jonas Brandt · Inhaber · Brandt Elektrotechnik')).toBeVisible();

  // An answer that misses the criterion, however polite, does not win.
  await input(page).fill(
    'Das verstehe ich gut, Herr Brandt. Darf ich fragen, was Sie bisher mit Verträgen erlebt haben? Viele Betriebe sparen mit TimeTrack jede Woche Stunden im Büro. Sollen wir nächste Woche einen Termin machen?',
  );
  await input(page).press('Enter');
  await expectCustomerReplies(page, 2);
  await expect(page.getByText('Herzlichen Glückwunsch, du hast den Kunden überzeugt')).toHaveCount(0);

  // Answers that state the criterion win it.
  await solveObjection(page);
  await expect(page.getByText('Herzlichen Glückwunsch, du hast den Kunden überzeugt')).toBeVisible();
  const answers = await log.locator('.message--human').allTextContents();
  expect(answers.at(-1)?.toLowerCase()).toContain(CRITERION);

  // The library counts the attempt and the win.
  await page.getByRole('navigation').getByRole('link', { name: 'Szenarien' }).click();
  await search(page, 'Zeiterfassung für Handwerksbetriebe');
  const mine = card(page, TITLE);
  await expect(mine.getByText('Meine', { exact: true })).toBeVisible();
  const stats = mine.locator('.scenario-card__stats');
  await expect(stats.locator('dd').nth(0)).toHaveText('1');
  await expect(stats.locator('dd').nth(1)).toHaveText('1');

  // Export: the versioned file with the custom objection.
  const downloading = page.waitForEvent('download');
  await mine.getByRole('button', { name: 'Exportieren' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('zeiterfassung-fuer-handwerksbetriebe.json');
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown> & { persona: Record<string, unknown> };
  expect(file).toMatchObject({ version: 1, title: TITLE, objections: [{ wordings: [WORDING], concern: CONCERN, criteria: [CRITERION] }] });

  // Import: a malformed file names its field; the exported one comes back as a copy of my own.
  const upload = page.getByLabel('Szenario importieren (JSON)');
  const broken = { ...file, persona: { ...file.persona, name: '' } };
  await upload.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  const problem = page.getByRole('alert').filter({ hasText: 'Die Datei konnte nicht importiert werden.' });
  await expect(problem).toContainText('Käufer-Persona › Name: Dieses Feld ist erforderlich.');
  await upload.setInputFiles({ name: 'copy.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(page.getByText(`Szenario „${TITLE}“ importiert.`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Kriterium 1' })).toHaveValue(CRITERION);
});

test('the library shows the built-in scenarios in German and in English, filters them, and passes axe-core', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signedInOnChat(page, request, 'scenarios-lib');
  await page.goto(appURL('/scenarios?scope=public'));
  await expect(page.getByRole('heading', { name: 'Szenarien', level: 1 })).toBeVisible();
  // 17 scenarios in the UI's language (German); each has an English twin, which the switch shows
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await expect(page.locator('.scenarios__count')).toHaveText(/^(1[7-9]|[2-9]\d) Szenarien$/);
  await expect(page.locator('.scenario-card__tag', { hasText: /^EN$/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the library');

  await search(page, 'Fensterbauer');
  const de = card(page, 'CRM für einen Fensterbauer: Kaltakquise beim Vertriebsleiter');
  await expect(de).toBeVisible();
  await expect(de.getByText('Mitgeliefert')).toBeVisible();
  await expect(de.getByText('Kaltakquise', { exact: true })).toBeVisible();
  await search(page, 'window manufacturer');
  await expect(page.getByText('Keine Szenarien gefunden.', { exact: false })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'Alle' });
  await expect(card(page, 'CRM for a window manufacturer: cold call to the head of sales')).toBeVisible();
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'Deutsch' });

  // Filters: B2C complaints only; back restores the previous list.
  await page.getByRole('searchbox', { name: 'Suche' }).fill('');
  await expect(page).toHaveURL(appURL('/scenarios?scope=public'));
  await page.getByRole('combobox', { name: 'Situation' }).selectOption({ label: 'Reklamation' });
  await page.getByRole('combobox', { name: 'B2B/B2C' }).selectOption({ label: 'B2C' });
  await expect(page.locator('.scenarios__count')).toHaveText('1 Szenario');
  await expect(card(page, 'Gebrauchtwagen mit defekter Klimaanlage: Reklamation eines Privatkunden')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'B2B/B2C' })).toHaveValue('');
  await expect(page.locator('.scenarios__count')).toHaveText('2 Szenarien');

  // The same library in the English UI: the English scenarios, English personas.
  await patchMe(request, await apiToken(request, email), { language: 'en' });
  await page.goto(appURL('/scenarios?scope=public&situation=complaint'));
  await expect(page.getByRole('heading', { name: 'Scenarios', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await expect(page.locator('.scenarios__count')).toHaveText('2 scenarios');
  const en = card(page, "Used car with a broken air conditioning: a private customer's complaint");
  await expect(en).toBeVisible();
  await expect(en.getByText('Built-in')).toBeVisible();
  // an English persona: an English name, not the German twin's Daniel Schmitt
  await expect(en.getByText(/Daniel Smith/)).toBeVisible();
  await expect(page.getByText(/Schmitt/)).toHaveCount(0);
  await expect(en.getByText('Complaint', { exact: true })).toBeVisible();
  await expect(en.getByRole('button', { name: 'Start with this scenario' })).toBeVisible();
  await expectNoAxeViolations(page, 'the English library');
});

test('on a phone (390×844) the library and the editor fit the screen and work', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInOnChat(page, request, 'scenarios-phone');
  await page.getByRole('button', { name: 'Menü', exact: true }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Szenarien' }).click();
  await expect(page.getByRole('heading', { name: 'Szenarien', level: 1 })).toBeVisible();
  await expect(page.locator('.scenarios__count')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'the library on a phone');

  // A built-in scenario starts from its card.
  await page.locator('.scenario-card').first().getByRole('button', { name: 'Mit diesem Szenario starten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Szenario starten' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  await page.getByRole('link', { name: 'Neues Szenario' }).click();
  await expect(page.getByRole('heading', { name: 'Neues Szenario', level: 1 })).toBeVisible();
  const objection = page.getByRole('group', { name: 'Einwand 1' });
  await objection.getByRole('button', { name: '+ Kriterium hinzufügen' }).click();
  await expect(objection.getByRole('textbox', { name: 'Kriterium 2' })).toBeFocused();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'the editor on a phone');
});

test('on a phone (390×844) a built-in scenario asks for mode and difficulty once, in its dialog', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInOnChat(page, request, 'scenarios-phone-start');
  await page.goto(appURL('/scenarios'));
  await expect(page.getByRole('heading', { name: 'Szenarien', level: 1 })).toBeVisible();
  const first = page.locator('.scenario-card').first();
  const title = (await first.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await first.getByRole('button', { name: 'Mit diesem Szenario starten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Szenario starten' });
  await dialog.getByRole('radio', { name: /^Mittel/ }).check();
  await dialog.getByRole('button', { name: 'Zum Chat' }).click();
  await expect(page).toHaveURL(appURL('/chat'));
  await expect(page.getByText('Übung · Mittel: ', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Mittel/ })).toHaveCount(0);
  await expect(page.locator('.chat__header').getByText(title)).toBeVisible();
  await expect(input(page)).toBeEnabled();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'the chat started from a scenario on a phone');
});

test("a team owner's team scenario: the owner picks 'Mein Team', a member finds it under 'Team', cannot change it and starts it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const ownerEmail = await signedInOnChat(page, request, 'scenarios-team-owner');
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  // The owner founds a team; a member joins it by its link (through the API).
  const ownerToken = await apiToken(request, ownerEmail);
  const founded = await request.post(`${baseURL()}/api/teams`, { headers: auth(ownerToken), data: { name: 'Vertrieb Nord' } });
  expect(founded.status(), await founded.text()).toBe(201);
  const team = await request.get(`${baseURL()}/api/team`, { headers: auth(ownerToken) });
  const joinToken = new URL(((await team.json()) as { joinUrl: string }).joinUrl).searchParams.get('token');
  const memberEmail = uniqueEmail('scenarios-team-member');
  await createConfirmedUser(request, memberEmail, PASSWORD);
  const joined = await request.post(`${baseURL()}/api/team/join`, {
    headers: auth(await apiToken(request, memberEmail)),
    data: { token: joinToken },
  });
  expect(joined.ok(), await joined.text()).toBe(true);

  // The owner writes it for the team.
  const title = 'Teamtraining Energievertrag';
  await page.goto(appURL('/scenarios/new'));
  await expect(page.getByRole('heading', { name: 'Neues Szenario', level: 1 })).toBeVisible();
  const scope = page.getByRole('combobox', { name: 'Sichtbar für' });
  await expect(scope.getByRole('option')).toHaveText(['Nur mich (persönlich)', 'Mein Team (Manager)']);
  await scope.selectOption({ label: 'Mein Team (Manager)' });
  await page.getByRole('textbox', { name: 'Titel' }).fill(title);
  await page.getByRole('textbox', { name: 'Produktbeschreibung' }).fill(PRODUCT);
  await page.getByRole('textbox', { name: 'Name' }).fill('Jonas Brandt');
  const objection = page.getByRole('group', { name: 'Einwand 1' });
  await objection.getByRole('textbox', { name: 'Wortlaut 1' }).fill(WORDING);
  await objection.getByRole('textbox', { name: /^Verborgenes Anliegen/ }).fill(CONCERN);
  await objection.getByRole('textbox', { name: 'Kriterium 1' }).fill(CRITERION);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Szenario gespeichert.')).toBeVisible();
  await page.goto(appURL('/scenarios?scope=team'));
  await expect(card(page, title).getByRole('link', { name: 'Bearbeiten' })).toBeVisible();

  // The member sees it under 'Team', read-only, and starts it.
  const member = await otherPerson(browser, { viewport: { width: 1280, height: 800 } });
  await signInAs(member, memberEmail);
  await member.goto(appURL('/scenarios'));
  await expect(member.getByRole('heading', { name: 'Szenarien', level: 1 })).toBeVisible();
  await member.getByRole('combobox', { name: 'Herkunft' }).selectOption({ label: 'Team' });
  await expect(member).toHaveURL(appURL('/scenarios?scope=team'));
  await expect(member.locator('.scenarios__count')).toHaveText('1 Szenario');
  const shared = card(member, title);
  await expect(shared.getByText('Team', { exact: true })).toBeVisible();
  await expect(shared.getByRole('link', { name: 'Bearbeiten' })).toHaveCount(0);
  await shared.getByRole('button', { name: 'Mit diesem Szenario starten' }).click();
  await member.getByRole('dialog', { name: 'Szenario starten' }).getByRole('button', { name: 'Zum Chat' }).click();
  await expect(member).toHaveURL(appURL('/chat'));
  await expect(member.locator('.chat__header').getByText(title)).toBeVisible();
  await expect(input(member)).toBeEnabled();
  await input(member).fill(PITCH);
  await input(member).press('Enter');
  await expectCustomerReplies(member, 1);
  await expect(member.getByRole('list', { name: 'Gesprächsverlauf' }).locator('.message--bot').first()).toContainText(WORDING);
  await member.context().close();
});
