import { createWriteStream, existsSync, mkdirSync, copyFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingChromium } from './chromium';
import { freePort, stopChild } from './fakes/process';
import { startSpeechFake } from './fakes/speech';
import { startPayPalFake } from './fakes/paypal';
import { startDnsFake } from './fakes/dns';
import { serverBinary as binary, startServer } from './servers/server';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts `salescoach serve` on a free port with a fresh data folder and JSON
 * logs (the log mailer writes every mail's link there), waits for /healthz and
 * hands the tests E2E_BASE_URL and E2E_SERVER_LOG (and the ports of what specs
 * serve themselves: E2E_SITE_PORT, E2E_OIDC_PORT; the DNS fake's control API:
 * E2E_DNS_URL). The returned function stops it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const noChromium = missingChromium();
  if (noChromium) throw new Error(noChromium);
  if (!existsSync(binary)) {
    throw new Error(`server binary not found at ${binary}: run \`make build\` first (or set SALESCOACH_BIN)`);
  }
  const port = await freePort();
  // The product-analysis test serves a website here; the server may fetch it
  // through an explicit test-only allowlist, never by weakening its guard.
  const sitePort = await freePort();
  // sso.spec.ts starts a company identity provider (oidc-provider, not ours)
  // on this port; the server reaches it only through the company sign-in's
  // test allowlist.
  const oidcPort = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salescoach-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const baseURL = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile, { flags: 'a' });
  // Speech-to-text and text-to-speech: the OpenAI audio API's stand-in (voice.spec.ts).
  const speech = await startSpeechFake(log);

  // PayPal: the fake (cmd/paypalfake) with its webhooks going to this server.
  const paypal = await startPayPalFake(baseURL, path.join(dataDir, 'paypalfake.log'));

  // The company's DNS (cmd/dnsfake): the server looks up the TXT records that
  // prove a company sign-in domain there (sso.spec.ts publishes them).
  const dns = await startDnsFake(log);

  let child;
  try {
    child = await startServer({
      name: 'server',
      port,
      dataDir,
      log,
      env: {
        // admin.spec.ts uses one admin per test (tests run in parallel)
        ADMIN_EMAILS: 'admin@example.com,admin-feedback@example.com,admin-users@example.com,admin-chats@example.com,admin-analytics@example.com,admin-audit@example.com,admin-billing@example.com,admin-training@example.com,admin-exam@example.com,admin-sso@example.com',
        FETCH_ALLOW: '127.0.0.1/32',
        FETCH_ALLOW_PORTS: String(sitePort),
        SSO_ALLOW: '127.0.0.1/32',
        SSO_ALLOW_PORTS: String(oidcPort),
        ...speech.env,
        ...paypal.env,
        ...dns.env,
      },
    });
  } catch (err) {
    await speech.stop();
    await paypal.stop();
    await dns.stop();
    log.end();
    throw err;
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_SERVER_LOG = logFile;
  process.env.E2E_SITE_PORT = String(sitePort);
  process.env.E2E_OIDC_PORT = String(oidcPort);
  process.env.E2E_SPEECH_URL = speech.origin;
  process.env.E2E_PAYPAL_URL = paypal.url;
  process.env.E2E_DNS_URL = dns.controlURL;

  return async () => {
    await stopChild(child);
    await speech.stop();
    await paypal.stop();
    await dns.stop();
    await new Promise<void>((resolve) => log.end(resolve));
    // keep the server's log next to the test results for debugging
    try {
      const out = path.resolve(here, 'test-results');
      mkdirSync(out, { recursive: true });
      copyFileSync(logFile, path.join(out, 'server.log'));
    } catch {
      // nothing to keep
    }
    await rm(dataDir, { recursive: true, force: true });
  };
}
