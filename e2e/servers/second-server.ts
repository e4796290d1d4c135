import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopChild } from '../fakes/process';
import { startServer } from './server';

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
  let child;
  try {
    child = await startServer({ name: 'second server', port, dataDir, log, env });
  } catch (err) {
    await new Promise<void>((resolve) => log.end(resolve));
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const stop = async () => {
    await stopChild(child);
    await new Promise<void>((resolve) => log.end(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
  return { baseURL, logFile, stop };
}
