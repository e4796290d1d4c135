export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  id: number;
  tone: NoticeTone;
  title?: string;
  text: string;
}

type Listener = () => void;

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

/** Shows a short notice (toast) in the notice region; it disappears after `ms`. */
export function notify(notice: Omit<Notice, 'id'>, ms = 6000): number {
  const id = nextId++;
  notices = [...notices, { ...notice, id }];
  emit();
  if (ms > 0) timers.set(id, setTimeout(() => dismissNotice(id), ms));
  return id;
}

export function dismissNotice(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const next = notices.filter((n) => n.id !== id);
  if (next.length !== notices.length) {
    notices = next;
    emit();
  }
}

export function clearNotices(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  notices = [];
  emit();
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getNotices(): Notice[] {
  return notices;
}

/*
 * Where notices show. A modal <dialog> is in the browser's top layer and
 * makes the rest of the page inert, so a notice in the app's region would sit
 * behind it, out of reach and unheard. An open modal dialog therefore hosts
 * the notices itself while it is the topmost one (the last opened); with none
 * open, the app's region (host '') shows them.
 */
let hosts: string[] = [];

/** The host that shows the notices now: the last opened dialog, or '' for the app's region. */
export function getNoticeHost(): string {
  return hosts[hosts.length - 1] ?? '';
}

/** A modal dialog opened: it shows the notices until it closes. Returns the release. */
export function claimNoticeHost(id: string): () => void {
  hosts = [...hosts.filter((h) => h !== id), id];
  emit();
  return () => {
    hosts = hosts.filter((h) => h !== id);
    emit();
  };
}
