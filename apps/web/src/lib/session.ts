/**
 * The signed-in session as the browser keeps it: access token, refresh token and the access
 * token's expiry, in local storage (SPEC §3, ARCHITECTURE §5). Other tabs see the same values;
 * listeners hear about changes made here and in other tabs.
 */
import { STORAGE_KEYS, readStored, removeStored, writeStored } from './storage.ts';

export type SessionTokens = {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds; null when the server did not say. */
  expiresAt: number | null;
};

/** The token part of the login, token and refresh answers. */
export type TokenGrant = {
  access_token: string;
  refresh_token?: string | null;
  expires_in?: number | null;
};

/** How long before its expiry the access token is renewed with the refresh token. */
export const REFRESH_MARGIN_MS = 60_000;

type Listener = () => void;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function readTokens(): SessionTokens | null {
  const accessToken = readStored(STORAGE_KEYS.accessToken);
  if (!accessToken) return null;
  const expires = Number(readStored(STORAGE_KEYS.accessExpiresAt));
  return {
    accessToken,
    refreshToken: readStored(STORAGE_KEYS.refreshToken),
    expiresAt: Number.isFinite(expires) && expires > 0 ? expires : null,
  };
}

export function hasSession(): boolean {
  return readTokens() !== null;
}

export function saveTokens(grant: TokenGrant, now: number = Date.now()): void {
  writeStored(STORAGE_KEYS.accessToken, grant.access_token);
  if (grant.refresh_token) writeStored(STORAGE_KEYS.refreshToken, grant.refresh_token);
  if (typeof grant.expires_in === 'number' && grant.expires_in > 0) {
    writeStored(STORAGE_KEYS.accessExpiresAt, String(now + grant.expires_in * 1000));
  } else {
    removeStored(STORAGE_KEYS.accessExpiresAt);
  }
  emit();
}

export function clearTokens(): void {
  const had = readStored(STORAGE_KEYS.accessToken) !== null || readStored(STORAGE_KEYS.refreshToken) !== null;
  removeStored(STORAGE_KEYS.accessToken);
  removeStored(STORAGE_KEYS.refreshToken);
  removeStored(STORAGE_KEYS.accessExpiresAt);
  if (had) emit();
}

/** True when the access token expires within REFRESH_MARGIN_MS (or has expired). */
export function needsRefresh(tokens: SessionTokens, now: number = Date.now()): boolean {
  return tokens.expiresAt !== null && tokens.expiresAt - now <= REFRESH_MARGIN_MS;
}

/**
 * Calls `listener` whenever the tokens change, in this tab or another one. Returns the function
 * that stops listening.
 */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.accessToken || event.key === STORAGE_KEYS.accessExpiresAt) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
