import { core, type Catalogue, type Entry, type MessageKey } from './messages';

/**
 * The parts of the catalogue beyond the core, each loaded with the screens
 * that use it: a screen names its parts (lib/chunks' lazyChunk) and renders
 * once they are there. Should a screen still ask for a text of a part that is
 * not loaded, the part loads then and every text re-renders when it arrives
 * (subscribe), so a missing part costs a moment, never a wrong text.
 */
const parts = {
  signin: () => import('./messages/signin').then((m) => m.signin),
  chat: () => import('./messages/chat').then((m) => m.chat),
  chatParts: () => import('./messages/chatParts').then((m) => m.chatParts),
  profile: () => import('./messages/profile').then((m) => m.profile),
  dashboard: () => import('./messages/dashboard').then((m) => m.dashboard),
  progress: () => import('./messages/progress').then((m) => m.progress),
  scenarios: () => import('./messages/scenarios').then((m) => m.scenarios),
  team: () => import('./messages/team').then((m) => m.team),
  tutorial: () => import('./messages/tutorial').then((m) => m.tutorial),
  help: () => import('./messages/help').then((m) => m.help),
  feedback: () => import('./messages/feedback').then((m) => m.feedback),
  admin: () => import('./messages/admin').then((m) => m.admin),
  seats: () => import('./messages/seats').then((m) => m.seats),
} satisfies Record<string, () => Promise<Catalogue>>;

export type CataloguePart = keyof typeof parts;

/** The part holding a key, by the key's first segment ('chat.send' → chat, 'tour.next' → tutorial). */
export function partOf(key: string): CataloguePart | undefined {
  const prefix = key.slice(0, key.indexOf('.'));
  // The chat's later parts (hint popup, perfect answer, live score,
  // evaluation and 'Prüfung beenden', the voice call's bar and dialog, the
  // transcript) have
  // their texts apart from the first paint's.
  if (/^chat\.(evaluation|hint|perfect|score|judge|progress|exam|voice\.permission|scenario|placeholders)\./.test(key)) return 'chatParts';
  if (/^chat\.(voice\.(listening|processing|speaking|status|unsupported|notFound|failed|sttFailed)|messages|you|customer|typing|won|attachmentLabel|scoreFailed|retryAfter|requestEvaluation|limit\.(toast|details|renews))$/.test(key)) {
    return 'chatParts';
  }
  if (prefix === 'tour') return 'tutorial';
  if (prefix === 'forgot' || prefix === 'reset' || prefix === 'invite') return 'signin';
  if (prefix === 'admin') return undefined; // the back-office frame's texts are in the core
  if (prefix.startsWith('admin')) return 'admin'; // adminCore, adminSettings, …
  return Object.prototype.hasOwnProperty.call(parts, prefix) ? (prefix as CataloguePart) : undefined;
}

const loaded: Partial<Record<MessageKey, Entry>> = { ...core };
const loading = new Map<CataloguePart, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

/** Adds texts to the catalogue (the loaders above; tests add every part up front). */
export function registerMessages(catalogue: Catalogue): void {
  Object.assign(loaded, catalogue);
  version += 1;
  for (const listener of listeners) listener();
}

/** Loads parts of the catalogue, each once (a failed load is tried again next time). */
export function loadMessages(names: readonly CataloguePart[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      let pending = loading.get(name);
      if (!pending) {
        pending = parts[name]().then(registerMessages, (error: unknown) => {
          loading.delete(name);
          throw error;
        });
        loading.set(name, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/** Called when parts arrive; returns the unsubscribe function. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever texts arrive (for useSyncExternalStore). */
export function catalogueVersion(): number {
  return version;
}

/** The entry of a key; undefined while its part is not loaded (which starts loading it). */
export function lookup(key: string): Entry | undefined {
  if (Object.prototype.hasOwnProperty.call(loaded, key)) return loaded[key as MessageKey];
  const part = partOf(key);
  if (part) {
    if (import.meta.env.DEV) console.error(`i18n: '${key}' used before its part '${part}' was loaded`);
    loadMessages([part]).catch(() => undefined);
  }
  return undefined;
}

/** Whether a key's text is loaded (without loading anything). */
export function hasMessage(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(loaded, key);
}
