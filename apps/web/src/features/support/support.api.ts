/**
 * Writing to support (issue 14 item 4): POST /api/v2/support/tickets/. The shapes come from the
 * API contract (packages/domain/src/api/support.ts).
 */
import type { Reply, RequestBody } from '@grove/domain/api/common';
import type { supportApi } from '@grove/domain/api/support';

import { api, unwrap } from '../../lib/api-client.ts';

/** A family's message to support: answers the ticket it became (support answers by e-mail). */
export async function createSupportTicket(
  body: RequestBody<typeof supportApi.create>,
): Promise<Reply<typeof supportApi.create, 201>> {
  return unwrap(await api.post<Reply<typeof supportApi.create, 201>>('/v2/support/tickets/', body));
}
