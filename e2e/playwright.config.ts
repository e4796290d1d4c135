import { defineConfig } from '@playwright/test';
import { chromiumPath } from './chromium';

/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium, or the one
 * CHROMIUM_PATH names; Playwright downloads no browser) against the real
 * server binary, which global-setup starts on a free port with a temporary
 * data folder.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  workers: 2,
  fullyParallel: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  outputDir: 'test-results',
  use: {
    headless: true,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
});
