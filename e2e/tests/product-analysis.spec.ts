import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PASSWORD } from './chat-support';
import { createConfirmedUser, expect, signInAs, test, uniqueEmail } from './support';

/**
 * 'Analysieren' reads a website through the server's SSRF-safe client, which
 * only connects to public addresses. The test page is reached through the
 * server's test-only allowlist (FETCH_ALLOW=127.0.0.1/32 and
 * FETCH_ALLOW_PORTS=<this page's port>, set by global-setup).
 */

let site: Server;
let siteURL = '';

test.beforeAll(async () => {
  site = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="de"><head><title>CloudCRM – CRM für kleine Teams</title></head>
<body><main><h1>CloudCRM</h1>
<p>CloudCRM verwaltet Kontakte, Angebote und Rechnungen in einem System für kleine Vertriebsteams.</p>
<p>Automatische Erinnerungen sorgen dafür, dass kein Angebot vergessen wird.</p></main></body></html>`);
  });
  const port = Number(process.env.E2E_SITE_PORT);
  if (!port) throw new Error('E2E_SITE_PORT is not set: global-setup reserves the port');
  await new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve));
  siteURL = `http://127.0.0.1:${(site.address() as AddressInfo).port}/produkt.html`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

test('analyse a website: the summary fills the product description', async ({ page, request }) => {
  const email = uniqueEmail('analyse');
  await createConfirmedUser(request, email, PASSWORD);
  await signInAs(page, email);
  await page.getByRole('button', { name: /Profil öffnen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Profil bearbeiten' });
  const analyse = dialog.getByRole('button', { name: 'Analysieren' });
  await expect(analyse).toBeDisabled();
  await dialog.getByLabel('Website (optional)').fill(siteURL);
  await analyse.click();
  await expect(dialog.getByText('Die Produktbeschreibung wurde aus der URL erstellt.')).toBeVisible();
  await expect(dialog.getByLabel('Produktbeschreibung')).toHaveValue(/CloudCRM/);
  await expect(dialog.locator('.profile-form__status')).toHaveText('Gespeichert');
  await page.reload();
  await page.getByRole('button', { name: /Profil öffnen/ }).click();
  await expect(dialog.getByLabel('Produktbeschreibung')).toHaveValue(/CloudCRM/);
});
