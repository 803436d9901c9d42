/**
 * Connecting a tablet (issue 25 item 3; docs/decisions/0042-device-pairing.md): a parent looks up
 * the code the game shows (`check`), then connects the tablet under a name (`approve`) or declines
 * it (`deny`). Every shape comes from the API contract (packages/domain/src/api/pairing.ts); the
 * code's rules and words from packages/domain/src/pairing.ts.
 *
 * The calls report nothing themselves: the Connect a tablet page shows every refusal where it
 * belongs (pairing-problem.ts).
 */
import type { Device } from '@grove/domain/api/account';
import type { Reply, RequestBody } from '@grove/domain/api/common';
import { pairingApi } from '@grove/domain/api/endpoints/pairing';
import type {
  PairApproveBody,
  PairDenyBody,
  PendingPairing,
  pairingApi as pairingContract,
} from '@grove/domain/api/pairing';

import { call, unwrap } from '../../lib/api-client.ts';

/** The body of a code look-up: the code as typed (the server normalises it). */
export type PairCheckBody = RequestBody<typeof pairingContract.check>;
export type PairDenyAnswer = Reply<typeof pairingContract.deny>;

/** POST /api/v2/user/accounts/{id}/devices/pair/check/: the tablet waiting behind the code. */
export async function checkPairing(accountId: number, body: PairCheckBody): Promise<PendingPairing> {
  return unwrap(await call(pairingApi.check, { params: { id: accountId }, body }));
}

/** POST /api/v2/user/accounts/{id}/devices/pair/: the tablet joins the account; the game's next poll gets its token. */
export async function approvePairing(accountId: number, body: PairApproveBody): Promise<Device> {
  return unwrap(await call(pairingApi.approve, { params: { id: accountId }, body }));
}

/** POST /api/v2/user/accounts/{id}/devices/pair/deny/: the game's next poll answers access_denied. */
export async function denyPairing(accountId: number, body: PairDenyBody): Promise<PairDenyAnswer> {
  return unwrap(await call(pairingApi.deny, { params: { id: accountId }, body }));
}
