import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { OWN_EXAMPLES, PASSWORD, PLACEHOLDER, apiToken, expectCustomerReplies, input } from './chat-support';
import { appURL, baseURL, createConfirmedUser, expect, signIn, test, uniqueEmail } from './support';

/**
 * Team assignments (issue 27, point 4) on the real binary: a manager assigns
 * an exam on a library scenario, the member starts it from 'Aufgaben' on the
 * dashboard and wins it with the built-in trainer, the manager sees it done
 * with the evaluation's score.
 */

const SCENARIO = 'builtin-kassensystem-cafe-de';
const SCENARIO_TITLE = 'Kartenzahlung und Tischbestellung für ein Café: Zusatzverkauf an eine Kassenkundin';
const OPENING = 'Guten Tag, ich stelle Ihnen kurz unsere Kassenlösung vor.';

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${baseURL()}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Signs the user in, in a browser context of their own; lands on the dashboard. */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(appURL('/login'));
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(appURL('/dashboard'));
  return page;
}

/** 'YYYY-MM-DDTHH:MM' of a local time, as a datetime-local field takes it. */
function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

test('a manager assigns an exam, the member wins it from "Aufgaben", the manager sees it done with its score', async ({
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const managerEmail = uniqueEmail('aufgaben-chef');
  const memberEmail = uniqueEmail('aufgaben-mitglied');
  await createConfirmedUser(request, managerEmail, PASSWORD);
  await createConfirmedUser(request, memberEmail, PASSWORD);
  const managerToken = await apiToken(request, managerEmail);
  const memberToken = await apiToken(request, memberEmail);
  await call(request, managerToken, 'POST', '/api/teams', { name: 'Vertrieb Café' });
  const { joinUrl } = await call<{ joinUrl: string }>(request, managerToken, 'GET', '/api/team');
  await call(request, memberToken, 'POST', '/api/team/join', { token: new URL(joinUrl).searchParams.get('token') });

  // The manager assigns the exam to the whole team.
  const manager = await signedIn(browser, managerEmail);
  await manager.goto(appURL('/team/assignments'));
  await expect(manager.getByRole('heading', { name: 'Aufgaben', level: 1 })).toBeVisible();
  const form = manager.getByRole('form', { name: 'Neue Aufgabe' });
  await form.getByLabel('Titel').fill('Prüfung Café');
  await form.getByRole('radio', { name: 'Prüfung' }).check();
  await form.getByRole('combobox', { name: 'Szenario' }).selectOption({ label: SCENARIO_TITLE });
  await form.getByLabel('Fällig am').fill(localInput(new Date(Date.now() + 3 * 24 * 3600 * 1000)));
  await form.getByRole('button', { name: 'Aufgabe zuweisen' }).click();
  await expect(form.getByText('Die Aufgabe wurde zugewiesen.')).toBeVisible();
  const card = manager.getByRole('article', { name: 'Prüfung Café' });
  await expect(card.getByRole('row', { name: /Offen/ })).toBeVisible();

  // The member starts it from the dashboard with one click: the chat is the exam.
  const member = await signedIn(browser, memberEmail);
  const tasks = member.getByRole('region', { name: 'Aufgaben' });
  await expect(tasks.getByText('Prüfung Café')).toBeVisible();
  await tasks.getByRole('button', { name: 'Aufgabe „Prüfung Café“ starten' }).click();
  await expect(member).toHaveURL(appURL('/chat'));
  await expect(member.getByRole('button', { name: /^Prüfung/ })).toHaveAttribute('aria-pressed', 'true');
  await member.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(input(member)).toBeEnabled();
  await input(member).fill(OPENING);
  await input(member).press('Enter');
  await expectCustomerReplies(member, 1);

  // An exam has no model answers: a practice chat on the same scenario at
  // 'Schwer' (the same three objections, in the same order) that gets the
  // same answers gives them.
  const mirror = (
    await call<{ conversationId: string }>(request, memberToken, 'POST', '/api/chat', {
      mode: 'Übung',
      difficulty: 3,
      scenarioId: SCENARIO,
      message: OPENING,
    })
  ).conversationId;
  const won = member.getByText('Herzlichen Glückwunsch, du hast den Kunden überzeugt');
  let example = 0;
  for (let turn = 0; turn < 30 && (await won.count()) === 0; turn++) {
    const { message } = await call<{ message: string }>(request, memberToken, 'POST', `/api/conversations/${mirror}/perfect-message`);
    const answer = message.replace(PLACEHOLDER, () => OWN_EXAMPLES[example++ % OWN_EXAMPLES.length] ?? '');
    await input(member).fill(answer);
    await input(member).press('Enter');
    await expectCustomerReplies(member, turn + 2);
    await call(request, memberToken, 'POST', '/api/chat', { conversationId: mirror, message: answer });
  }
  await expect(won).toBeVisible();
  await member.getByRole('button', { name: 'Bewertung anfordern' }).first().click();
  const evaluation = member.getByRole('region', { name: 'Auswertung' });
  await expect(evaluation.getByRole('list', { name: 'Bewertung nach Kategorien' }).getByRole('listitem')).toHaveCount(6);

  const mine = await call<{ assignments: { mine: { status: string; score: number | null } }[] }>(
    request,
    memberToken,
    'GET',
    '/api/me/assignments',
  );
  expect(mine.assignments[0]?.mine.status).toBe('done');
  const score = mine.assignments[0]?.mine.score;
  expect(typeof score).toBe('number');

  // The manager sees it done, with the exam's score.
  await manager.reload();
  const row = manager.getByRole('article', { name: 'Prüfung Café' }).getByRole('row', { name: /Erledigt/ });
  await expect(row.getByText(`${score} %`)).toBeVisible();
  await member.goto(appURL('/dashboard'));
  await expect(member.getByRole('region', { name: 'Aufgaben' }).getByText(`Erledigt · Ergebnis ${score} %`)).toBeVisible();
});
