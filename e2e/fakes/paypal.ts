import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, stopChild, waitUntilAnswers } from './process';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The PayPal stand-in `make build` produces (cmd/paypalfake; override with PAYPALFAKE_BIN). */
const binary = process.env.PAYPALFAKE_BIN ?? path.resolve(here, '../../bin/paypalfake');

/** The plan ids the app is configured with; the fake accepts any. */
export const PAYPAL_PLANS = { plus: 'P-E2E-PLUS', elite: 'P-E2E-ELITE', promo: 'P-E2E-PROMO', team: 'P-E2E-TEAM' } as const;
/** Euros a month of the promo plan (PAYPAL_PROMO_PRICE). */
export const PAYPAL_PROMO_PRICE = 79;

export interface PayPalFake {
  /** Where browsers and the app reach the fake, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The PAYPAL_* settings that point the app at the fake. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * Starts cmd/paypalfake (PayPal's REST API, approval page, signed webhooks
 * and a stand-in for PayPal's browser script; docs/billing.md) on a free
 * port. It sends its webhooks at once to `appURL`/api/paypal/webhook, so
 * start the app on that address with the returned `env`. Its log goes to
 * `logFile`.
 */
export async function startPayPalFake(appURL: string, logFile: string): Promise<PayPalFake> {
  if (!existsSync(binary)) {
    throw new Error(`PayPal fake not found at ${binary}: run \`make build\` first (or set PAYPALFAKE_BIN)`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(binary, ['--addr', `127.0.0.1:${port}`, '--webhook-url', `${appURL}/api/paypal/webhook`], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const stop = async () => {
    await stopChild(child);
    await new Promise<void>((resolve) => log.end(resolve));
  };
  try {
    await waitUntilAnswers('paypalfake', `${url}/sdk/js`, child, 15_000); // it serves its browser script once up
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    env: {
      // cmd/paypalfake's default credentials
      PAYPAL_CLIENT_ID: 'fake-client-id',
      PAYPAL_CLIENT_SECRET: 'fake-secret',
      PAYPAL_WEBHOOK_ID: 'WH-FAKE',
      PAYPAL_API_BASE: url,
      PAYPAL_SDK_URL: `${url}/sdk/js`,
      PAYPAL_PLAN_PLUS: PAYPAL_PLANS.plus,
      PAYPAL_PLAN_ELITE: PAYPAL_PLANS.elite,
      PAYPAL_PLAN_PROMO: PAYPAL_PLANS.promo,
      PAYPAL_PLAN_TEAM: PAYPAL_PLANS.team,
      // the promo plan's price as set up at PayPal, shown with a valid code
      PAYPAL_PROMO_PRICE: String(PAYPAL_PROMO_PRICE),
    },
    stop,
  };
}
