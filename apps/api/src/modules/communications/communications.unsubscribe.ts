/**
 * The weekly digest's opt-out link: `${PUBLIC_URL}/unsubscribe?t=<token>`, which the web page posts
 * to POST /api/v2/user/notifications/unsubscribe/. The token is stateless — `u1.<user id>.<HMAC>` —
 * signed with HMAC-SHA256 under a random 32-byte key kept in app_meta (created on first use, the
 * same for every server instance), over the user id and the purpose. It turns off one thing (the
 * digest), never expires, and is nothing like a one-time link token: the set-password flow looks
 * tokens up by hash in one_time_tokens, where this one can never be.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Executor } from '../../db/client.ts';
import { findOrCreateMeta } from './communications.repository.ts';

const KEY_NAME = 'unsubscribe_hmac_key';
const PURPOSE = 'unsubscribe:weekly_digest';
const TOKEN = /^u1\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

/** The key never changes once written: one read per database per process. */
const keys = new WeakMap<Executor, Promise<Buffer>>();

function signingKey(db: Executor): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = findOrCreateMeta(db, KEY_NAME, () => ({ key: randomBytes(32).toString('base64url') })).then((value) =>
      Buffer.from(value.key, 'base64url'),
    );
    // A failed read is not kept: the next call asks again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, userId: number) => createHmac('sha256', key).update(`${PURPOSE}:${userId}`).digest();

export async function unsubscribeToken(db: Executor, userId: number): Promise<string> {
  return `u1.${userId}.${sign(await signingKey(db), userId).toString('base64url')}`;
}

/** The user id a token was made for, or null for a garbled or forged one. */
export async function verifyUnsubscribeToken(db: Db, token: string): Promise<number | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  // Compared as text: one signature has exactly one spelling.
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(sign(await signingKey(db), userId).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
