import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { startAnnouncingFake, stopChild } from './process';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The DNS stand-in `make build` produces (cmd/dnsfake; override with DNSFAKE_BIN). */
const binary = process.env.DNSFAKE_BIN ?? path.resolve(here, '../../bin/dnsfake');

export interface DnsFake {
  /** Where the fake answers DNS (UDP and TCP), host:port. */
  dnsAddress: string;
  /** The origin of its control API (PUT/DELETE /records). */
  controlURL: string;
  /** The server's setting that sends its TXT lookups (the domain proof) to the fake. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * Starts `dnsfake` (cmd/dnsfake: TXT records over DNS, set at run time over
 * HTTP) on free ports, waits for its line `msg="dns fake listening" dns=…
 * http=…`, and passes its output on to log.
 */
export async function startDnsFake(log: Writable): Promise<DnsFake> {
  if (!existsSync(binary)) {
    throw new Error(`DNS fake not found at ${binary}: run \`make build\` first (or set DNSFAKE_BIN)`);
  }
  const { child, match } = await startAnnouncingFake(
    'dns fake',
    binary,
    ['-dns', '127.0.0.1:0', '-http', '127.0.0.1:0'],
    log,
    /dns fake listening.* dns=(\S+) http=(\S+)/,
  );
  const dnsAddress = match[1] ?? '';
  const controlURL = `http://${match[2] ?? ''}`;
  return { dnsAddress, controlURL, env: { SSO_DNS_SERVER: dnsAddress }, stop: () => stopChild(child) };
}

/** The control API of global-setup's DNS fake (E2E_DNS_URL). */
function controlURL(): string {
  const url = process.env.E2E_DNS_URL;
  if (!url) throw new Error('E2E_DNS_URL is not set: global-setup did not run');
  return url;
}

/** Publishes a TXT record: what a company's IT does in its DNS. */
export async function publishTxt(name: string, values: string[]): Promise<void> {
  const res = await fetch(`${controlURL()}/records`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, values }),
  });
  if (res.status !== 204) throw new Error(`dns fake: PUT /records ${name}: ${res.status} ${await res.text()}`);
}

/** Removes a TXT record again. */
export async function removeTxt(name: string): Promise<void> {
  const res = await fetch(`${controlURL()}/records?name=${encodeURIComponent(name)}`, { method: 'DELETE' });
  if (res.status !== 204) throw new Error(`dns fake: DELETE /records ${name}: ${res.status} ${await res.text()}`);
}
