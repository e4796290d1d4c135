import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, stopChild, waitUntilAnswers } from '../fakes/process';

const here = path.dirname(fileURLToPath(import.meta.url));
const binary = process.env.SALESCOACH_BIN ?? path.resolve(here, '../../bin/salescoach');

export interface SecondServer {
  baseURL: string;
  /** The server's JSON log, where the log mailer writes each mail's link. */
  logFile: string;
  stop: () => Promise<void>;
}

/**
 * Starts another `salescoach serve` beside global-setup's, for a spec that
 * needs installation settings the shared server must not have (e.g.
 * ADMIN_TOTP_REQUIRED, which would lock the other specs' admins out). It
 * has its own port, data folder and log; `env` adds settings.
 */
export async function startSecondServer(env: Record<string, string>): Promise<SecondServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salescoach-e2e-second-'));
  const logFile = path.join(dataDir, 'server.log');
  const baseURL = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(binary, ['serve'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dataDir,
      DATA_DIR: dataDir,
      ADDR: `127.0.0.1:${port}`,
      PUBLIC_URL: baseURL,
      LOG_FORMAT: 'json',
      SIGNUP_LIMIT_PER_HOUR: '1000',
      AUTH_LIMIT_PER_15MIN: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const stop = async () => {
    await stopChild(child);
    await new Promise<void>((resolve) => log.end(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswers('second server', `${baseURL}/healthz`, child, 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, logFile, stop };
}
