import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { startAnnouncingFake, stopChild } from './process';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The Google sign-in stand-in `make build` produces (override with OIDCFAKE_BIN). */
const binary = process.env.OIDCFAKE_BIN ?? path.resolve(here, '../../bin/oidcfake');

const CLIENT_ID = 'e2e-client';
const CLIENT_SECRET = 'e2e-secret';

export interface OIDCFake {
  /** The server's GOOGLE_* settings that point it at the fake. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * Starts `oidcfake` (cmd/oidcfake: discovery, authorization with PKCE,
 * token, JWKS) on a free port as Google, signing in `email` at once
 * whenever the browser comes; waits for the line that names its issuer and
 * passes its output on to log.
 */
export async function startOIDCFake(log: Writable, email: string, subject: string): Promise<OIDCFake> {
  if (!existsSync(binary)) {
    throw new Error(`OIDC fake not found at ${binary}: run \`make build\` first (or set OIDCFAKE_BIN)`);
  }
  const { child, value: issuer } = await startAnnouncingFake(
    'OIDC fake',
    binary,
    ['--addr', '127.0.0.1:0', '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--email', email, '--subject', subject],
    log,
    /issuer=(\S+)/,
  );
  return {
    env: { GOOGLE_ISSUER: issuer, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET },
    stop: () => stopChild(child),
  };
}
