import { auditAdminPage } from './audit-admin';
import { apiToken, expectCustomerReplies, exploreFirst, input, signedInOnChat, startChatByApi } from './chat-support';
import { appURL, baseURL, expect, expectNoAxeViolations, test } from './support';

/**
 * axe-core's WCAG 2.1 A and AA rules on the app's screens, also with their
 * menus and dialogs open. A violation fails with its rule, its help text and
 * the elements it found, so the report says what to fix.
 */

test('the chat screen, its menus and a running chat', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await signedInOnChat(page, request, 'axe-chat');
  await expectNoAxeViolations(page, 'the chat screen');

  // 'Neuer Chat' menu open
  const sidebar = page.locator('#sidebar');
  await sidebar.getByRole('button', { name: 'Neuer Chat' }).click();
  const newChat = sidebar.getByRole('menu', { name: 'Neuer Chat' });
  await expect(newChat).toBeVisible();
  await expectNoAxeViolations(page, "the 'Neuer Chat' menu");
  await page.keyboard.press('Escape');
  await expect(newChat).toBeHidden();

  // a history entry's menu open
  const token = await apiToken(request, email);
  await startChatByApi(request, token, 'Gespräch für die Barrierefreiheit');
  await page.reload();
  const history = page.getByRole('region', { name: 'Verlauf' });
  await history.getByRole('button', { name: 'Optionen für „Gespräch für die Barrierefreiheit“' }).click();
  const itemMenu = history.getByRole('menu');
  await expect(itemMenu.getByRole('menuitem', { name: 'Umbenennen' })).toBeVisible();
  await expectNoAxeViolations(page, "a history entry's menu");
  await page.keyboard.press('Escape');
  await expect(itemMenu).toBeHidden();

  // a practice chat with the customer's answer, score and hint button
  await page.getByRole('button', { name: /^Übung/ }).click();
  await page.getByRole('button', { name: /^Leicht/ }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(input(page)).toBeEnabled();
  await input(page).fill('Guten Tag, ich stelle Ihnen kurz unser CRM vor.');
  await input(page).press('Enter');
  await expectCustomerReplies(page, 1);
  // the customer tells the concern after a question: the score shows the move
  await exploreFirst(page);
  await expect(page.locator('.score__move')).toBeVisible();
  await expectNoAxeViolations(page, 'a running practice chat');

  // the hint dialog over it
  await page.getByRole('button', { name: 'Tipp anzeigen' }).click();
  const hint = page.getByRole('dialog', { name: 'Tipp für deine nächste Antwort' });
  await expect(hint.getByLabel('Tipp (bearbeitbar)')).not.toHaveValue('');
  await expectNoAxeViolations(page, 'the hint dialog');

  // the perfect answer in the input, with the bar about its placeholders
  await hint.getByRole('button', { name: 'Perfekte Antwort' }).click();
  await expect(hint).toBeHidden();
  await expect(page.getByRole('button', { name: 'Nächster Platzhalter' })).toBeVisible();
  await expectNoAxeViolations(page, 'the placeholder bar');
});

test('signed out: the login page, help and feedback', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(appURL('/login'));
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the login page');
  await page.goto(appURL('/help'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'the help page');
  await page.goto(appURL('/feedback'));
  await expect(page.getByRole('button', { name: 'Feedback senden' })).toBeVisible();
  await expectNoAxeViolations(page, 'the feedback page');
});

test('the dashboard and the profile dialog', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInOnChat(page, request, 'axe-dashboard');
  await page.goto(appURL('/dashboard'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the dashboard');

  await page.getByRole('button', { name: /Profil öffnen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Produktbeschreibung')).not.toHaveValue('');
  await expectNoAxeViolations(page, 'the profile dialog');
});

test('the sidebar on a phone: a top bar, and the drawer its menu button opens', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInOnChat(page, request, 'axe-phone');
  const menu = page.getByRole('button', { name: 'Menü', exact: true });
  await expect(menu).toBeVisible();
  await expectNoAxeViolations(page, 'the chat screen on a phone');
  await menu.click();
  await expect(page.getByRole('button', { name: 'Menü schließen' })).toBeVisible();
  await expectNoAxeViolations(page, 'the open drawer on a phone');
});

const ADMIN_SCREENS = [
  ['/admin-dashboard', 'Übersicht'],
  ['/users', 'Benutzer'],
  ['/chat-history', 'Chat-Verlauf'],
  ['/challenges', 'Challenges'],
  ['/token-management', 'Token-Verwaltung'],
  ['/analytics', 'Analytics'],
  ['/compliance', 'Compliance'],
  ['/admin-feedback', 'Feedback'],
  ['/settings', 'Einstellungen'],
  ['/account', 'Mein Konto'],
] as const;

test('every admin screen', async ({ browser, request }) => {
  // ten screens, each loaded and audited: more than one page's time
  test.setTimeout(180_000);
  // web vitals to fill the analytics table
  const vitals = await request.post(`${baseURL()}/api/vitals`, {
    data: { metrics: [{ name: 'LCP', value: 1800, page: '/chat' }, { name: 'CLS', value: 0.3, page: '/chat' }] },
  });
  expect(vitals.status()).toBe(204);
  const admin = await auditAdminPage(browser, request);
  await admin.setViewportSize({ width: 1280, height: 800 });
  for (const [path, title] of ADMIN_SCREENS) {
    await admin.goto(appURL(path));
    await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(admin.getByText('Lade...')).toHaveCount(0);
    await expectNoAxeViolations(admin, path);
  }
  await admin.context().close();
});
