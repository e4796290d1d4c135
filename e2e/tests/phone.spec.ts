import type { APIRequestContext, Page } from '@playwright/test';
import { chromiumPath } from '../chromium';
import { PASSWORD, apiToken, expectCustomerReplies, input, signedInOnChat, startChatByApi } from './chat-support';
import { appURL, baseURL, createConfirmedUser, expect, expectNoAxeViolations, signIn, test, uniqueEmail } from './support';

/**
 * The app on a phone (390 × 844, touch, a mobile browser): a top bar with a
 * menu button instead of the rail, the sidebar a drawer that closes when a
 * chat is chosen and on Escape, a chat that shows at least four messages, no
 * keyboard advice, the reason why voice is off visible after a tap, and
 * axe-core clean. `phone.test` is this server under a name that is not
 * localhost, so the page is plain http the way a phone on the LAN sees it
 * (Chromium treats 127.0.0.1 as a secure origin).
 */
const PHONE = { width: 390, height: 844 };
test.use({
  viewport: PHONE,
  hasTouch: true,
  isMobile: true,
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--host-resolver-rules=MAP phone.test 127.0.0.1',
    ],
  },
});


/** A chat of the user's with six messages (three of the seller's, three of the customer's), through the API. */
async function chatWithSixMessages(request: APIRequestContext, token: string): Promise<string> {
  const id = await startChatByApi(request, token, 'Guten Tag, ich stelle Ihnen kurz unser CRM vor.');
  for (const message of [
    'Was genau ist Ihnen beim Preis wichtig?',
    // A second question, no answer yet: the chat stays open whichever concern the customer tells.
    'Verstehe. Wie lösen Sie das heute, und wer ist daran beteiligt?',
  ]) {
    const res = await request.post(`${baseURL()}/api/chat`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { conversationId: id, message },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return id;
}

/** How many message bubbles lie wholly inside the visible part of the message list. */
async function bubblesInView(page: Page): Promise<{ inView: number; total: number; listHeight: number }> {
  return page.locator('.chat__body').evaluate((body) => {
    const view = body.getBoundingClientRect();
    const bubbles = Array.from(body.querySelectorAll('.message__bubble'), (b) => b.getBoundingClientRect());
    const inView = bubbles.filter((b) => b.top >= view.top - 0.5 && b.bottom <= view.bottom + 0.5).length;
    return { inView, total: bubbles.length, listHeight: Math.round(view.height) };
  });
}

test('a top bar instead of the rail; the drawer closes on a chosen chat and on Escape; the messages get most of the screen', async ({
  page,
  request,
}, testInfo) => {
  const email = await signedInOnChat(page, request, 'phone');
  const token = await apiToken(request, email);
  await chatWithSixMessages(request, token);
  await page.reload();

  // The content has the whole width: no rail beside it.
  const menu = page.getByRole('button', { name: 'Menü', exact: true });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const sidebar = page.locator('#sidebar');
  await expect(sidebar).toBeHidden();
  const content = await page.locator('.app-shell__content').boundingBox();
  expect(content).toMatchObject({ x: 0, width: PHONE.width });
  const bar = await page.locator('.topbar').boundingBox();
  expect(bar!.height).toBeLessThanOrEqual(56);

  // The menu opens the drawer (focus inside); Escape closes it, the focus goes back to the menu button.
  await menu.tap();
  await expect(sidebar).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.getByRole('button', { name: 'Menü schließen' })).toBeFocused();
  const drawer = await sidebar.boundingBox();
  expect(drawer!.width).toBeLessThan(PHONE.width);
  await expectNoAxeViolations(page, 'the open drawer');
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(menu).toBeFocused();

  // A tap beside the drawer closes it too.
  await menu.tap();
  await expect(sidebar).toBeVisible();
  await page.locator('.app-shell__backdrop').tap({ position: { x: PHONE.width - 20, y: 400 } });
  await expect(sidebar).toBeHidden();

  // Choosing a chat closes the drawer and moves the focus into the chat.
  await menu.tap();
  await sidebar.getByRole('region', { name: 'Verlauf' }).locator('.history__open').first().tap();
  await expect(sidebar).toBeHidden();
  await expect(page.locator('#main')).toBeFocused();
  await expectCustomerReplies(page, 3);
  await expect(page.getByRole('list', { name: 'Gesprächsverlauf' }).locator('.message__bubble')).toHaveCount(6);
  await expect(input(page)).toBeEnabled();

  // The list shows its newest messages and gets most of the screen: at
  // least 55 % of its height (about 1.5 messages were visible before, 4–5
  // typical ones are now). How many bubbles fit depends on how long the
  // built-in customer's replies happen to be (its wording varies per chat),
  // so the test asserts the room, and three whole bubbles at least.
  await expect
    .poll(() => page.locator('.chat__body').evaluate((b) => Math.ceil(b.scrollTop + b.clientHeight) >= b.scrollHeight))
    .toBe(true);
  const seen = await bubblesInView(page);
  expect(seen.listHeight, 'height of the message list at 390×844').toBeGreaterThanOrEqual(Math.round(0.55 * 844));
  expect(seen.inView, 'whole messages in view at 390×844').toBeGreaterThanOrEqual(3);
  testInfo.annotations.push({ type: 'messages in view at 390×844', description: JSON.stringify(seen) });
  console.log(`messages in view at 390×844: ${JSON.stringify(seen)}`);
  await page.screenshot({ path: testInfo.outputPath('chat-phone-390x844.png') });
  await expectNoAxeViolations(page, 'a running chat on a phone');

  // No keyboard advice on a touch screen.
  await expect(input(page)).not.toHaveAccessibleDescription(/Enter|Umschalt/);
});

test('the tutorial gives no keyboard advice on a touch screen', async ({ page, request }) => {
  const email = uniqueEmail('phone-tour');
  await createConfirmedUser(request, email, PASSWORD, { profile: 'product' });
  await page.goto(appURL('/login'));
  await signIn(page, email, PASSWORD);
  const tour = page.getByRole('dialog', { name: 'Dein Level' });
  await expect(tour).toBeVisible();
  await expect(tour.getByText('Schritt 1 von 6')).toBeVisible();
  await expect(tour).not.toContainText(/Pfeil|Esc/);
  // the whole card fits the phone's screen
  const box = await tour.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page, 'the tutorial on a phone');
});

test('over plain http a tap on the voice button shows why it is off', async ({ page, request }) => {
  const email = uniqueEmail('phone-voice');
  await createConfirmedUser(request, email, PASSWORD);
  const origin = baseURL().replace('127.0.0.1', 'phone.test');
  await page.goto(`${origin}/app/login`);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(`${origin}/app/dashboard`);
  await page.goto(`${origin}/app/chat`);
  await expect(page.getByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeVisible();
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

  const why = 'Bitte sichere Verbindung (HTTPS) nutzen, sonst ist der Sprachmodus deaktiviert.';
  const voice = page.getByRole('button', { name: 'Sprachmodus' });
  await expect(voice).toHaveAttribute('aria-disabled', 'true');
  await expect(voice).toHaveAccessibleDescription(why);
  const notices = page.getByRole('region', { name: 'Hinweise' });
  await expect(notices.getByText(why)).toHaveCount(0);
  // (a button marked aria-disabled is 'not enabled' to Playwright's tap: a finger taps where it is)
  const button = await voice.boundingBox();
  await page.touchscreen.tap(button!.x + button!.width / 2, button!.y + button!.height / 2);
  const notice = notices.getByText(why);
  await expect(notice).toBeVisible();
  const box = await notice.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
});

test('axe-core finds nothing on the chat, the dashboard and the profile at 390 × 844', async ({ page, request }) => {
  await signedInOnChat(page, request, 'phone-axe');
  await expectNoAxeViolations(page, 'the chat screen on a phone');

  await page.goto(appURL('/dashboard'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the dashboard on a phone');

  await page.getByRole('button', { name: 'Menü', exact: true }).tap();
  await page.locator('#sidebar').getByRole('button', { name: /Profil öffnen/ }).tap();
  const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Produktbeschreibung')).not.toHaveValue('');
  await expectNoAxeViolations(page, 'the profile dialog on a phone');
});
