import { PASSWORD } from './chat-support';
import type { Page } from '@playwright/test';
import { appURL, createConfirmedUser, expect, expectNoAxeViolations, expectNoHorizontalScroll, signInAs, test, uniqueEmail } from './support';

const TITLES = ['Dein Level', 'Neuer Chat', 'Tipps per Glühbirne', 'Schwierigkeit', 'Hilfe & Anleitung', 'Feedback'];

test('the tutorial by keyboard: → ←, Escape for later, Fertig saves and goes to /chat', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = uniqueEmail('tour');
  await createConfirmedUser(request, email, PASSWORD, { profile: 'product' });
  await signInAs(page, email);

  const step = (title: string) => page.getByRole('dialog', { name: title });
  await expect(step('Dein Level')).toBeVisible();
  await expect(step('Dein Level').getByText('Schritt 1 von 6')).toBeVisible();
  await expect(step('Dein Level').getByRole('button', { name: 'Weiter' })).toBeFocused();
  // it points at the level gauge in the sidebar (anchored next to it)
  await expect(step('Dein Level')).toHaveClass(/tour--anchored/);
  const gauge = await page.locator('[data-tour="level"]').boundingBox();
  const card = await step('Dein Level').boundingBox();
  expect(gauge && card && card.x >= gauge.x + gauge.width - 1).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('tour-level.png') });

  await page.keyboard.press('ArrowRight');
  await expect(step('Neuer Chat')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(step('Dein Level')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // the hint button is not on the dashboard: this step is centred
  await expect(step('Tipps per Glühbirne')).toHaveClass(/tour--centred/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // 'Später' lasts for this browser session only.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.evaluate(() => window.sessionStorage.removeItem('sc.tour.later'));
  await page.reload();
  await expect(step('Dein Level')).toBeVisible();
  for (const title of TITLES.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await expect(step(title)).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath('tour-feedback.png') });
  const done = step('Feedback').getByRole('button', { name: 'Fertig' });
  await expect(done).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(appURL('/chat'));
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // has_seen_intro is saved: not shown again, not even in a new session.
  await page.evaluate(() => window.sessionStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bereit für das nächste Level?' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/** Goes to path inside the app as its links do (no reload): the page's overlays stay as they are. */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/app${path}`);
  await expect(page).toHaveURL(appURL(path));
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`${device}: the tour does not cover 'Team gründen' and a typed team name stays; it comes back elsewhere`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`tour-team-${device}`);
    await createConfirmedUser(request, email, PASSWORD, { profile: 'product' });
    await signInAs(page, email);
    await expect(page.getByRole('dialog', { name: 'Dein Level' })).toBeVisible();

    // On the team screen the tour gives way: the form is free to use.
    await goInApp(page, '/team');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Du bist in keinem Team' })).toBeVisible();
    const name = page.getByLabel('Teamname');
    await name.fill('Vertrieb Süd');
    await expect(name).toHaveValue('Vertrieb Süd');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, `the team page of a new user (${device})`);
    await page.getByRole('button', { name: 'Team gründen' }).click();
    await expect(page.getByText('Vertrieb Süd · 1 Mitglied · deine Rolle: Inhaber')).toBeVisible();

    // Elsewhere it comes back, where it stopped waiting.
    await goInApp(page, '/dashboard');
    await expect(page.getByRole('dialog', { name: 'Dein Level' })).toBeVisible();
    await expectNoAxeViolations(page, `the tour back on the dashboard (${device})`);
  });
}
