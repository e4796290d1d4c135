import { open, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { PASSWORD } from './chat-support';
import { createConfirmedUser, expect, signedInPage } from './support';

/**
 * The admin that axe.spec.ts and vitals.spec.ts share: the one address of
 * ADMIN_EMAILS (global-setup) that belongs to these audits. An address can
 * sign up once per server, and the tests run in parallel workers, so the
 * first caller creates the account (it wins an exclusive lock file in the
 * server's data folder) and the others wait until it says so.
 */
export const AUDIT_ADMIN = 'admin-audit@example.com';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Makes sure the shared admin account exists and is confirmed. */
export async function ensureAuditAdmin(request: APIRequestContext): Promise<void> {
  const log = process.env.E2E_SERVER_LOG;
  if (!log) throw new Error('E2E_SERVER_LOG is not set: global-setup did not run');
  const lock = path.join(path.dirname(log), 'audit-admin.lock');
  const ready = path.join(path.dirname(log), 'audit-admin.ready');
  let mine = false;
  try {
    await (await open(lock, 'wx')).close();
    mine = true;
  } catch {
    // another test creates it
  }
  if (mine) {
    await createConfirmedUser(request, AUDIT_ADMIN, PASSWORD, { profile: 'new' });
    await writeFile(ready, '');
    return;
  }
  await expect.poll(() => exists(ready), { message: `${AUDIT_ADMIN} was not created`, timeout: 30_000 }).toBe(true);
}

/** The shared admin, signed in in a browser context of its own, on the overview. */
export async function auditAdminPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  await ensureAuditAdmin(request);
  return signedInPage(browser, AUDIT_ADMIN, '/admin-dashboard');
}
