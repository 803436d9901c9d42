/**
 * The values Grove keeps in the browser's local storage (SPEC §3: access token, refresh token,
 * program plan tag). Reads and writes never throw: a browser that refuses storage (private mode,
 * quota) behaves as if nothing was stored.
 */
export const STORAGE_KEYS = {
  accessToken: 'grove.access_token',
  refreshToken: 'grove.refresh_token',
  /** When the access token expires, in epoch milliseconds. */
  accessExpiresAt: 'grove.access_expires_at',
  programPlanTag: 'grove.program_plan_tag',
  /** The language chosen in this browser (lib/i18n.ts). */
  language: 'grove.language',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused: the value lives for this page only.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
