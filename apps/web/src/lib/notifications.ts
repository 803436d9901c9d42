/**
 * Notifications: short messages titled by the action they report ('Failed to log in!',
 * 'Saving contact details'). They appear after NOTIFICATION_DELAY_MS (SPEC §9). Errors stay until
 * dismissed; other notices leave by themselves after NOTICE_LIFETIME_MS.
 */
import { NOTIFICATION_DELAY_MS } from '@grove/domain';

export type NoticeKind = 'error' | 'success' | 'info';
export type Notice = { id: number; kind: NoticeKind; title: string; message?: string };
export type NoticeInput = Omit<Notice, 'id'>;

export const NOTICE_LIFETIME_MS = 6_000;
/** At most this many notices are shown; the oldest leave first. */
export const MAX_NOTICES = 4;

type Listener = () => void;
let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Set<ReturnType<typeof setTimeout>>();

function setNotices(next: readonly Notice[]): void {
  notices = next;
  for (const listener of [...listeners]) listener();
}

function later(run: () => void, delayMs: number): void {
  const timer = setTimeout(() => {
    timers.delete(timer);
    run();
  }, delayMs);
  timers.add(timer);
}

/** Shows a notice after `delayMs` (default NOTIFICATION_DELAY_MS); returns its id. */
export function notify(input: NoticeInput, options: { delayMs?: number } = {}): number {
  const notice: Notice = { ...input, id: nextId++ };
  later(() => {
    // The same notice twice in a row (a retried call) is shown once.
    const last = notices.at(-1);
    if (last && last.kind === notice.kind && last.title === notice.title && last.message === notice.message) return;
    setNotices([...notices, notice].slice(-MAX_NOTICES));
    if (notice.kind !== 'error') later(() => dismissNotice(notice.id), NOTICE_LIFETIME_MS);
  }, options.delayMs ?? NOTIFICATION_DELAY_MS);
  return notice.id;
}

export function notifyError(title: string, message?: string): number {
  return notify({ kind: 'error', title, message });
}

export function dismissNotice(id: number): void {
  if (notices.some((notice) => notice.id === id)) setNotices(notices.filter((notice) => notice.id !== id));
}

/** Removes every notice and every pending one (sign-out, tests). */
export function clearNotices(): void {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  if (notices.length > 0) setNotices([]);
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotices(): readonly Notice[] {
  return notices;
}
