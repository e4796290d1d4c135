import { accessSync, constants } from 'node:fs';

/** The Chromium the tests run in: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The one line that says what to do when that Chromium is missing (the Makefile says the same). */
export function missingChromium(): string | null {
  try {
    accessSync(chromiumPath, constants.X_OK);
    return null;
  } catch {
    return `the end-to-end tests need Chromium, none at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH to one`;
  }
}
