import { PASSWORD } from './chat-support';
import { makePng } from './images';
import { createConfirmedUser, expect, signInAs, test, uniqueEmail } from './support';

const HINT = 'Bitte trage dein Produkt ein, damit wir dich bestmöglich unterstützen können.';

test('a new user must complete the forced profile before anything else', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('pflicht');
  await createConfirmedUser(request, email, PASSWORD, { profile: 'new' });
  await signInAs(page, email);

  const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(HINT);
  await expect(dialog.getByText(HINT)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toHaveCount(0);
  await expect(dialog.getByLabel('Produktbeschreibung')).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('forced-profile.png') });

  // Escape (twice: Chrome lets a second one through its close watcher) changes nothing.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Bitte beschreibe dein Produkt.')).toBeVisible();

  await dialog.getByLabel('Anzeigename').fill('Paula Pflicht');
  await dialog.getByLabel('Produktbeschreibung').fill('Cloud-Telefonanlage für Arztpraxen mit Terminansage.');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.sidebar__profile-name')).toHaveText('Paula Pflicht');

  // Saved on the server: a reload does not force the popup again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Profil bearbeiten' })).toHaveCount(0);
});

test('avatar: upload a PNG, see it in the sidebar, remove it', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('avatar');
  await createConfirmedUser(request, email, PASSWORD);
  await signInAs(page, email);

  const profileButton = page.getByRole('button', { name: /Profil öffnen/ });
  await profileButton.click();
  const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  await expect(dialog).toBeVisible();

  // A text file is refused in the browser already.
  await dialog.getByTestId('avatar-input').setInputFiles({
    name: 'notiz.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('kein Bild'),
  });
  await expect(dialog.getByText('Nur JPG, PNG oder GIF sind erlaubt.')).toBeVisible();

  await dialog.getByTestId('avatar-input').setInputFiles({
    name: 'ich.png',
    mimeType: 'image/png',
    buffer: makePng(48, 48),
  });
  await expect(dialog.getByText('Profilbild gespeichert.')).toBeVisible();
  const sidebarImage = profileButton.locator('img');
  await expect(sidebarImage).toBeVisible();
  await expect
    .poll(() => sidebarImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(48);
  await page.screenshot({ path: testInfo.outputPath('avatar.png') });

  // It survives a reload (the server keeps it).
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(profileButton.locator('img')).toBeVisible();

  await profileButton.click();
  await dialog.getByRole('button', { name: 'Bild entfernen' }).click();
  await expect(dialog.getByText('Profilbild entfernt.')).toBeVisible();
  await expect(profileButton.locator('img')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(profileButton.locator('img')).toHaveCount(0);
});

test('autosave: a change is saved without pressing Save and survives a reload', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('autosave');
  await createConfirmedUser(request, email, PASSWORD);
  await signInAs(page, email);

  await page.getByRole('button', { name: /Profil öffnen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  await dialog.getByLabel('Rolle im Unternehmen').fill('Teamleitung Vertrieb');
  await dialog.getByLabel('Anrede').selectOption({ label: 'Sie' });
  await dialog.getByLabel('Tonalität des Kunden').selectOption({ label: 'Skeptisch' });
  const status = dialog.locator('.profile-form__status');
  await expect(status).toHaveText('Speichere…');
  await expect(status).toHaveText('Gespeichert');
  await page.screenshot({ path: testInfo.outputPath('profile.png') });

  await page.reload();
  await expect(page.locator('.sidebar__profile-role')).toHaveText('Teamleitung Vertrieb');
  await page.getByRole('button', { name: /Profil öffnen/ }).click();
  await expect(dialog.getByLabel('Rolle im Unternehmen')).toHaveValue('Teamleitung Vertrieb');
  await expect(dialog.getByLabel('Anrede')).toHaveValue('sie');
  await expect(dialog.getByLabel('Tonalität des Kunden')).toHaveValue('skeptisch');

  // The language switches the UI at once and is kept.
  await dialog.getByLabel('Sprache').selectOption({ label: 'Englisch' });
  await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Edit profile' }).locator('.profile-form__status')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Help' })).toBeVisible();
});
