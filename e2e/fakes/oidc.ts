import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { stopChild } from './process';

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
  const child = spawn(
    binary,
    ['--addr', '127.0.0.1:0', '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--email', email, '--subject', subject],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr?.pipe(log, { end: false });
  const lines = createInterface({ input: child.stdout! });
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('OIDC fake did not start within 10 s')), 10_000);
    child.once('exit', (code) => reject(new Error(`OIDC fake exited with code ${code} before it listened`)));
    lines.on('line', (line) => {
      log.write(`${line}\n`);
      const url = /issuer=(\S+)/.exec(line)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
  }).catch(async (err: unknown) => {
    await stopChild(child);
    throw err;
  });
  return {
    env: { GOOGLE_ISSUER: issuer, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET },
    stop: () => stopChild(child),
  };
}
