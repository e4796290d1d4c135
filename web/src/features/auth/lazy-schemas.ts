import { loadChunk } from '../../lib/chunks';

type Schemas = typeof import('./schemas');

let pending: Promise<Schemas> | null = null;

/**
 * The sign-in page's form schemas, loaded after the page has rendered: zod
 * would otherwise be a seventh of the script the first page needs
 * (docs/performance.md). Each form starts the load when it mounts.
 */
function schemas(): Promise<Schemas> {
  pending ??= loadChunk(() => import('./schemas')).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

export const loadSignInSchema = () => schemas().then((m) => m.signInSchema);
export const loadSignUpSchema = () => schemas().then((m) => m.signUpSchema);
export const loadRecoverSchema = () => schemas().then((m) => m.recoverSchema);
export const loadResetSchema = () => schemas().then((m) => m.resetSchema);
export const loadUpgradeSchema = () => schemas().then((m) => m.upgradeSchema);
