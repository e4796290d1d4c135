import { type APIRequestContext, type Page } from '@playwright/test';
import { appURL, baseURL, expect, PASSWORD, prepareProfile, signedInNewUser } from './support';

export { PASSWORD };

/** A confirmed user, signed in through the login page, on /chat. */
export async function signedInOnChat(page: Page, request: APIRequestContext, prefix: string): Promise<string> {
  const email = await signedInNewUser(page, request, prefix);
  await page.goto(appURL('/chat'));
  await expect(page.getByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeVisible();
  return email;
}

/**
 * A guest ('Ohne Konto ausprobieren' through the API, terms accepted) whose
 * refresh cookie lands in the page's context; the app signs in from it on
 * /chat. Guests have the Free quota. Returns the guest's access token.
 * (Guests have their own rate limit, so the suite stays under the sign-up one.)
 */
export async function guestOnChat(page: Page): Promise<string> {
  const res = await page.request.post(`${baseURL()}/api/auth/anonymous`);
  expect(res.ok(), await res.text()).toBe(true);
  const token = ((await res.json()) as { access_token: string }).access_token;
  const terms = await page.request.post(`${baseURL()}/api/me/terms`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { userAgent: 'e2e' },
  });
  expect(terms.ok(), await terms.text()).toBe(true);
  await prepareProfile(page.request, token);
  await page.goto(appURL('/chat'));
  await expect(page.getByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeVisible();
  return token;
}

/** An access token of the user through the API (a separate session). */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${baseURL()}/api/auth/login`, { data: { email, password: PASSWORD, remember: false } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Starts a practice chat through the API and returns its id. */
export async function startChatByApi(
  request: APIRequestContext,
  token: string,
  message = 'Guten Tag, ich stelle Ihnen kurz unser Angebot vor.',
): Promise<string> {
  const res = await request.post(`${baseURL()}/api/chat`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { mode: 'Übung', difficulty: 1, message },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { conversationId: string }).conversationId;
}

/** The chat's input. */
export const input = (page: Page) => page.getByRole('textbox', { name: 'Deine Nachricht' });

/** Chooses practice and a difficulty, presses Start and sends the opening pitch. */
export async function startPractice(page: Page, difficulty: 'Leicht' | 'Mittel' | 'Schwer', pitch: string) {
  await page.getByRole('button', { name: /^Übung/ }).click();
  await page.getByRole('button', { name: new RegExp(`^${difficulty}`) }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(input(page)).toBeEnabled();
  await expect(input(page)).toBeFocused();
  await input(page).fill(pitch);
  await input(page).press('Enter');
  await expectCustomerReplies(page, 1);
}

/** Waits until the customer has answered `count` times and nothing is in flight. */
export async function expectCustomerReplies(page: Page, count: number) {
  const log = page.getByRole('list', { name: 'Gesprächsverlauf' });
  await expect(log.locator('.message--bot:not(.message--typing)')).toHaveCount(count);
  await expect(log).toHaveAttribute('aria-busy', 'false');
}

/**
 * Explores the fresh objection (an acknowledgement and one open question)
 * and waits for the customer to tell the concern behind it: the moment at
 * which the perfect answer answers that concern and leaves placeholders for
 * the seller's own facts (issue 37: a fresh objection calls for a question).
 */
export async function exploreFirst(page: Page) {
  const replies = await page.getByRole('list', { name: 'Gesprächsverlauf' }).locator('.message--bot:not(.message--typing)').count();
  await input(page).fill('Das verstehe ich gut. Was genau ist Ihnen dabei am wichtigsten, wenn Sie an Ihre Situation heute denken?');
  await input(page).press('Enter');
  await expectCustomerReplies(page, replies + 1);
}

/** A placeholder of the perfect answer, as the web app finds it: '[', no bracket or line break, ']'. */
export const PLACEHOLDER = /\[[^[\]\r\n]+\]/g;

/** Where the placeholders of a text sit ([start, end), brackets included). */
export function placeholderRanges(text: string): { start: number; end: number }[] {
  return Array.from(text.matchAll(PLACEHOLDER), (m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** The input's selected text. */
export async function selectedText(page: Page): Promise<string> {
  return input(page).evaluate((el) => {
    const area = el as HTMLTextAreaElement;
    return area.value.slice(area.selectionStart, area.selectionEnd);
  });
}

/**
 * Concrete examples of a seller's own, one for each placeholder the perfect
 * answer leaves (never the same one twice in a row, so a chat's answers
 * differ the way a real seller's do).
 */
export const OWN_EXAMPLES = [
  'Ein Kunde mit 12 Leuten im Vertrieb spart seit März 5 Stunden pro Woche',
  'bei einer Spedition in Kassel sank die Zeit pro Angebot von 35 auf 12 Minuten',
  'ein Autohaus aus Fulda hat im ersten Quartal 18 Prozent mehr Termine abgeschlossen',
  'eine Steuerkanzlei mit 9 Leuten hat 2 Tage Einarbeitung gebraucht und spart jetzt 195 Euro im Monat',
  'ein Handwerksbetrieb mit 30 Leuten beantwortet Anfragen heute am selben Tag statt nach 3 Tagen',
  'ein Großhändler aus Köln hat seine offenen Angebote in 6 Wochen um ein Drittel reduziert',
];
let examples = 0;

/**
 * Opens the hint popup and takes the perfect answer: it lands in the input
 * (nothing is sent) with its first placeholder selected, if it has one.
 * Returns the answer.
 */
export async function takePerfectAnswer(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Tipp anzeigen' }).click();
  const hint = page.getByRole('dialog', { name: 'Tipp für deine nächste Antwort' });
  await expect(hint.getByLabel('Tipp (bearbeitbar)')).not.toHaveValue('');
  await hint.getByRole('button', { name: 'Perfekte Antwort' }).click();
  await expect(hint).toBeHidden();
  await expect(input(page)).toBeFocused();
  await expect(input(page)).not.toHaveValue('');
  const answer = await input(page).inputValue();
  const first = placeholderRanges(answer)[0];
  if (first) expect(await selectedText(page)).toBe(answer.slice(first.start, first.end));
  return answer;
}

/**
 * Replaces every placeholder in the input with an example of the seller's
 * own: types over the selected one, then selects the next with 'Nächster
 * Platzhalter'. Returns the text as it will be sent.
 */
export async function fillPlaceholders(page: Page): Promise<string> {
  const next = page.getByRole('button', { name: 'Nächster Platzhalter' });
  for (let left = placeholderRanges(await input(page).inputValue()).length; left > 0; left--) {
    expect(await selectedText(page)).toMatch(/^\[[^[\]\r\n]+\]$/);
    await page.keyboard.insertText(OWN_EXAMPLES[examples++ % OWN_EXAMPLES.length]);
    await expect.poll(async () => placeholderRanges(await input(page).inputValue()).length).toBe(left - 1);
    if (left > 1) await next.click();
  }
  await expect(next).toBeHidden();
  const text = await input(page).inputValue();
  expect(text).not.toMatch(PLACEHOLDER);
  return text;
}

/** The number of customer replies in the transcript. */
async function customerReplies(page: Page): Promise<number> {
  return page.getByRole('list', { name: 'Gesprächsverlauf' }).locator('.message--bot:not(.message--typing)').count();
}

/** Takes the perfect answer, fills in its placeholders, sends it and waits for the customer's reply. */
export async function sendFilledPerfectAnswer(page: Page): Promise<string> {
  const replies = await customerReplies(page);
  await takePerfectAnswer(page);
  const text = await fillPlaceholders(page);
  await input(page).press('Enter');
  await expectCustomerReplies(page, replies + 1);
  return text;
}

/** At most this many filled-in perfect answers per objection (the customer may first reveal a hidden concern). */
export const MAX_ANSWERS_PER_OBJECTION = 6;

/**
 * Answers the practice chat's current objection with filled-in perfect
 * answers until the chat moves to the next objection or is won, at most
 * MAX_ANSWERS_PER_OBJECTION times (the test fails when the bound is hit).
 * Returns how many answers (perfect answers fetched, hints opened) it took.
 */
export async function solveObjection(page: Page): Promise<number> {
  const progress = page.locator('.practice-progress').getByRole('progressbar');
  const before = await progress.getAttribute('aria-label');
  const won = page.getByText('Herzlichen Glückwunsch, du hast den Kunden überzeugt');
  for (let answers = 1; answers <= MAX_ANSWERS_PER_OBJECTION; answers++) {
    await sendFilledPerfectAnswer(page);
    if ((await won.count()) > 0 || (await progress.getAttribute('aria-label')) !== before) return answers;
  }
  expect(false, `'${before}' not solved by ${MAX_ANSWERS_PER_OBJECTION} filled-in perfect answers`).toBe(true);
  return MAX_ANSWERS_PER_OBJECTION;
}

/**
 * A minimal valid one-page PDF (Helvetica text, correct xref offsets) with
 * the given lines of ASCII text.
 */
export function makePdf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT',
    '/F1 18 Tf',
    '72 720 Td',
    '22 TL',
    ...lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${escape(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
