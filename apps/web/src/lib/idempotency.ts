/**
 * A fresh Idempotency-Key (a UUID where the browser has one), sent with every state-changing billing
 * call (ARCHITECTURE §3): the family's subscription flows and card change, and staff's requests.
 */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
