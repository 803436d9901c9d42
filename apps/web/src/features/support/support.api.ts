/**
 * Writing to support (issue 14 item 4): POST /api/v2/support/tickets/. The shapes come from the
 * API contract (packages/domain/src/api/support.ts).
 */
import type { Reply, RequestBody } from '@grove/domain/api/common';
import { supportApi } from '@grove/domain/api/endpoints/support';
import type { supportApi as supportContract } from '@grove/domain/api/support';

import { call, unwrap } from '../../lib/api-client.ts';

/** A family's message to support: answers the ticket it became (support answers by e-mail). */
export async function createSupportTicket(
  body: RequestBody<typeof supportContract.create>,
): Promise<Reply<typeof supportContract.create, 201>> {
  return unwrap(await call(supportApi.create, { body }));
}
