import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port on 127.0.0.1 that is free now (for a process started next). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

/** Ends a child process: SIGTERM, then SIGKILL after 5 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killTimer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Polls url until it answers 2xx (the process `name` is then up), giving up
 * after ms or as soon as the process has exited.
 */
export async function waitUntilAnswers(name: string, url: string, child: ChildProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastError = `status ${res.status}`;
    } catch (err) {
      lastError = String(err);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} not answering at ${url} after ${ms} ms: ${lastError}`);
}
