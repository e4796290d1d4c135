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
