import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';

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

/**
 * Starts a fake's binary on a port it picks itself, passes its output on to
 * log, and resolves with the process and group 1 of the first line of its
 * standard output that matches `announced` (the address it listens on), and
 * the whole match (for a fake that announces more than one address).
 * A fake that exits first, or says nothing within 10 s, is stopped and the
 * error thrown.
 */
export async function startAnnouncingFake(
  name: string,
  binary: string,
  args: string[],
  log: Writable,
  announced: RegExp,
): Promise<{ child: ChildProcess; value: string; match: RegExpExecArray }> {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr?.pipe(log, { end: false });
  const lines = createInterface({ input: child.stdout! });
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 10 s`)), 10_000);
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code} before it listened`)));
    lines.on('line', (line) => {
      log.write(`${line}\n`);
      const found = announced.exec(line);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  }).catch(async (err: unknown) => {
    await stopChild(child);
    throw err;
  });
  return { child, value: match[1] ?? '', match };
}
