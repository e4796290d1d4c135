import { spawn, type ChildProcess } from 'node:child_process';
import type { WriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChild, waitUntilAnswers } from '../fakes/process';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The server binary `make build` produces (override with SALESCOACH_BIN). */
export const serverBinary = process.env.SALESCOACH_BIN ?? path.resolve(here, '../../bin/salescoach');

/**
 * Starts `salescoach serve` on 127.0.0.1:port with its own data folder and
 * JSON logs into `log` (the log mailer writes every mail's link there), with
 * sign-up and sign-in limits raised for a suite that signs in from one
 * address; `env` adds or overrides settings. Resolves once /healthz answers;
 * a server that does not come up is stopped and the error thrown.
 */
export async function startServer(opts: {
  name: string;
  port: number;
  dataDir: string;
  log: WriteStream;
  env: Record<string, string>;
}): Promise<ChildProcess> {
  const baseURL = `http://127.0.0.1:${opts.port}`;
  const child = spawn(serverBinary, ['serve'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? opts.dataDir,
      DATA_DIR: opts.dataDir,
      ADDR: `127.0.0.1:${opts.port}`,
      PUBLIC_URL: baseURL,
      LOG_FORMAT: 'json',
      // Every test signs up and signs in from 127.0.0.1; the defaults (10
      // accounts an hour, 30 sign-ins per 15 minutes) would cap the suite.
      SIGNUP_LIMIT_PER_HOUR: '1000',
      AUTH_LIMIT_PER_15MIN: '1000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(opts.log, { end: false });
  child.stderr?.pipe(opts.log, { end: false });
  try {
    await waitUntilAnswers(opts.name, `${baseURL}/healthz`, child, 30_000);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return child;
}
