/**
 * Connecting a family's tablet to Grove, modelled on the OAuth 2.0 Device Authorization Grant
 * (RFC 8628; docs/decisions/0042-device-pairing.md). The game asks for a code, shows the short
 * user code, and polls; a parent types the code on Grove's Connect a tablet page, names the device
 * and approves; the game's next poll receives its device token.
 */
import { messages, plural, template } from './translation.ts';

/** The OAuth client id the game identifies itself with (a row of oauth_clients). */
export const GAME_CLIENT_ID = 'grove-game';

/** The Grove page where a parent types the code (RFC 8628 `verification_uri`, below PUBLIC_URL). */
export const CONNECT_PATH = '/dashboard/connect';

/** RFC 8628 §3.4: the grant type of the game's token request. */
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * RFC 8628 §6.1: a user code of 8 characters from 20 consonants (no vowels, so no words; no digits
 * or letters that look alike): 20⁸ ≈ 2.6·10¹⁰ codes, shown as two groups of four ('WDJB-MJHT').
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

export const PAIRING = {
  /** Seconds a device code and its user code live (the issue: 10 minutes). */
  expiresInSeconds: 600,
  /** Seconds the game waits between two polls (RFC 8628 §3.2 `interval`). */
  intervalSeconds: 5,
  /** Seconds added to the interval each time the game polls too fast (RFC 8628 §3.5 slow_down). */
  slowDownSeconds: 5,
  /** Wrong codes a family may type before it must wait (per account, and per browser address). */
  maxWrongCodes: 5,
  /** Seconds the count of wrong codes is kept. */
  wrongCodeWindowSeconds: 15 * 60,
  /** Codes the game may ask for from one client address per window (a new one every 10 minutes is 6 an hour per tablet). */
  maxCodeRequests: 60,
  codeRequestWindowSeconds: 3600,
} as const;

/**
 * Where a pairing stands: waiting for a parent, approved (its device exists; the game has not yet
 * picked up its token), declined, or done (the token was handed out once).
 */
export const PAIRING_STATUSES = ['pending', 'approved', 'denied', 'consumed'] as const;
export type PairingStatus = (typeof PAIRING_STATUSES)[number];

/** RFC 8628 §3.5 and RFC 6749 §5.2: what the game's token request may answer besides a token. */
export const DEVICE_TOKEN_ERRORS = [
  'authorization_pending',
  'slow_down',
  'expired_token',
  'access_denied',
  'invalid_grant',
  'invalid_client',
  'invalid_request',
  'unsupported_grant_type',
] as const;
export type DeviceTokenError = (typeof DEVICE_TOKEN_ERRORS)[number];

export const PAIRING_MESSAGES = messages({
  codeRequired: 'Type the code shown on the tablet.',
  codeShape: `The code has ${USER_CODE_LENGTH} letters, like WDJB-MJHT.`,
  codeUnknown: 'That code isn’t right, or it has expired. Check the tablet: it shows a new code after 10 minutes.',
  codeUsed: 'That code has already been used. Ask the tablet for a new one.',
  tooManyWrongCodes: plural(
    {
      one: 'Too many wrong codes. Please wait {count} minute and try again.',
      other: 'Too many wrong codes. Please wait {count} minutes and try again.',
    },
    (minutes: number) => ({ count: minutes }),
  ),
  nameRequired: 'Give the tablet a name, such as “Living room tablet”.',
  authorizationPending: 'Waiting for a parent to approve this tablet in Grove.',
  slowDown: 'Polling too often: wait a little longer between requests.',
  expiredToken: 'The code has expired. Ask for a new one.',
  accessDenied: 'A parent declined to connect this tablet.',
  invalidGrant: 'This device code is not known, or its token was already handed out.',
  invalidClient: 'Unknown client, or one that may not connect tablets.',
  tooManyCodeRequests: 'Too many codes asked for from this network. Please try again later.',
  approved: template('{name} is connected. The game can upload play now.', (name: string) => ({ name })),
  denied: 'The tablet was not connected.',
});

/**
 * What a person typed, as the code is stored: upper case, separators and spaces removed
 * ('wdjb mjht', 'WDJB-MJHT' → 'WDJBMJHT'). Anything else stays, so a wrong character is refused.
 */
export function normalizeUserCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s\-–—_.]/g, '');
}

/** Whether a normalised code has the user code's shape (length and alphabet). */
export function isUserCodeShape(code: string): boolean {
  if (code.length !== USER_CODE_LENGTH) return false;
  for (const char of code) if (!USER_CODE_ALPHABET.includes(char)) return false;
  return true;
}

/** 'WDJBMJHT' → 'WDJB-MJHT' (how the tablet and Grove show it). */
export function formatUserCode(code: string): string {
  const clean = normalizeUserCode(code);
  return clean.length === USER_CODE_LENGTH ? `${clean.slice(0, 4)}-${clean.slice(4)}` : clean;
}
