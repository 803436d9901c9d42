/**
 * Connecting a tablet (issue 25 item 3; docs/decisions/0042-device-pairing.md): a parent looks up
 * the code the game shows (`check`), then connects the tablet under a name (`approve`) or declines
 * it (`deny`). Every shape comes from the API contract (packages/domain/src/api/pairing.ts); the
 * code's rules and words from packages/domain/src/pairing.ts.
 *
 * The calls report nothing themselves: the Connect a tablet page shows every refusal where it
 * belongs — a code's on the code field, a name's on the name field, anything else (429 "too many
 * wrong codes", a refused account, no connection) in a message above the buttons.
 */
import type { Device } from '@grove/domain/api/account';
import type { Reply, RequestBody } from '@grove/domain/api/common';
import type { PairApproveBody, PairDenyBody, PendingPairing, pairingApi } from '@grove/domain/api/pairing';

import { ApiError, api, unwrap } from '../../lib/api-client.ts';

/** The body of a code look-up: the code as typed (the server normalises it). */
export type PairCheckBody = RequestBody<typeof pairingApi.check>;
export type PairDenyAnswer = Reply<typeof pairingApi.deny>;

const pairPath = (accountId: number) => `/v2/user/accounts/${accountId}/devices/pair`;

/** POST /api/v2/user/accounts/{id}/devices/pair/check/: the tablet waiting behind the code. */
export async function checkPairing(accountId: number, body: PairCheckBody): Promise<PendingPairing> {
  return unwrap(await api.post<PendingPairing>(`${pairPath(accountId)}/check/`, body));
}

/** POST /api/v2/user/accounts/{id}/devices/pair/: the tablet joins the account; the game's next poll gets its token. */
export async function approvePairing(accountId: number, body: PairApproveBody): Promise<Device> {
  return unwrap(await api.post<Reply<typeof pairingApi.approve, 201>>(`${pairPath(accountId)}/`, body));
}

/** POST /api/v2/user/accounts/{id}/devices/pair/deny/: the game's next poll answers access_denied. */
export async function denyPairing(accountId: number, body: PairDenyBody): Promise<PairDenyAnswer> {
  return unwrap(await api.post<PairDenyAnswer>(`${pairPath(accountId)}/deny/`, body));
}

/** Where a refusal is shown: on the code field, on the name field, or above the buttons (null). */
export type PairingProblem = { field: 'user_code' | 'name' | null; message: string };

/**
 * A refused call in a parent's words: a 400's field messages go to their field (the code first);
 * a `detail` (429 with its wait, 403, 404) or a 400's non-field messages go above the buttons.
 */
export function pairingProblem(error: unknown): PairingProblem {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    for (const field of ['user_code', 'name'] as const) {
      const messages = fields[field];
      if (messages?.length) return { field, message: messages.join(' ') };
    }
    const general = [...error.nonFieldErrors, ...Object.values(fields).flat()];
    return { field: null, message: general.length > 0 ? [...new Set(general)].join(' ') : error.message };
  }
  return { field: null, message: error instanceof Error ? error.message : 'Something went wrong. Please try again.' };
}
