import { hash, randomFillSync } from 'node:crypto';

const TOKEN_BYTES = 32;
/** Random bytes drawn from the system's CSPRNG 128 tokens at a time, each byte handed out once. */
const pool = Buffer.alloc(TOKEN_BYTES * 128);
let used = pool.length;

/**
 * A new random secret (256 bits, URL-safe). The bytes come from one `randomFillSync` per 128
 * tokens rather than one per token (Node's randomUUID does the same): every GET without a CSRF
 * cookie makes one, and a call into the CSPRNG each time was 3.5 % of a health check (decision 0055).
 */
export function newToken(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const token = pool.toString('base64url', used, used + TOKEN_BYTES);
  // Spent bytes are overwritten, so none lingers in memory after its token was handed out.
  pool.fill(0, used, used + TOKEN_BYTES);
  used += TOKEN_BYTES;
  return token;
}

/**
 * Tokens are stored only as their SHA-256 hash. Every signed-in request hashes its token (the
 * session cache is keyed by the hash too): the one-shot `hash` costs a third of a Hash object.
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');
