/**
 * A short cache of the session check (who is behind a token), so that a signed-in read costs its
 * own queries and not one more. A logout or a revocation on any instance still ends the session at
 * once: triggers on users, auth_sessions and auth_tokens (migration 0008) send the person's id on
 * channel `grove_auth`, and every instance forgets that person's entries when it arrives.
 *
 * - The notifications reach the other instances within milliseconds; this instance forgets
 *   everything itself before it answers any request that may write (POST, PUT, PATCH, DELETE:
 *   auth.plugin.ts), so a client that logged out here is refused here on its very next request.
 * - Only live sessions are kept (a wrong token is looked up every time, and fills nothing), each
 *   for at most TTL_MS and never past its token's expiry.
 * - A lookup that was under way when a notification arrived is not kept (it may have read the
 *   session just before it ended): `epoch()` before the lookup, handed back to `set`.
 * - Without the notifications (the listening connection broke) nothing is cached: every request
 *   goes to the database, as it would without a cache, until the listener is back.
 */
import { CACHE_TIMES_MS } from '@grove/domain';
import type { Database } from '../../db/client.ts';
import type { AuthUser } from './auth.repository.ts';

export const AUTH_CHANNEL = 'grove_auth';
/** SPEC §9: the session token is cached 5 seconds. */
const TTL_MS = CACHE_TIMES_MS.sessionToken;
const MAX_ENTRIES = 10_000;
const RELISTEN_MS = 1_000;

interface Entry {
  user: AuthUser;
  until: number;
}

export interface SessionCache {
  /** The cached user of a token hash, or undefined. */
  get(key: string): AuthUser | undefined;
  /** Forgets every entry (and keeps no lookup under way). */
  forgetAll(): void;
  /** A number that changes with every notification: read it before looking a session up. */
  epoch(): number;
  /** Keeps a live session found in the database, until `expiresAt` at the latest, unless a notification came since `epoch`. */
  set(key: string, user: AuthUser, expiresAt: Date, epoch: number): void;
  close(): Promise<void>;
}

export async function createSessionCache(database: Database): Promise<SessionCache> {
  const entries = new Map<string, Entry>();
  let listening = false;
  let closed = false;
  let stop: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  let epoch = 0;

  const forget = (payload: string) => {
    epoch += 1;
    if (payload === '*') {
      entries.clear();
      return;
    }
    const userId = Number(payload);
    for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
  };

  const listen = async () => {
    try {
      stop = await database.listen(AUTH_CHANNEL, forget, () => {
        // Notifications may have been missed: forget everything, cache nothing until listening again.
        listening = false;
        epoch += 1;
        entries.clear();
        if (!closed) retry = setTimeout(() => void listen(), RELISTEN_MS);
      });
      listening = true;
    } catch {
      if (!closed) retry = setTimeout(() => void listen(), RELISTEN_MS);
    }
  };
  await listen();

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (!listening || entry.until <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.user;
    },
    forgetAll: () => forget('*'),
    epoch: () => epoch,
    set(key, user, expiresAt, since) {
      if (!listening || since !== epoch) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { user, until: Math.min(Date.now() + TTL_MS, expiresAt.getTime()) });
    },
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      entries.clear();
      await stop?.();
    },
  };
}
