/** A deletion request as the data-rights API answers it, for component and route tests. */
import type { DeletionRequest } from '@grove/domain/api/data-rights';

/** Maya's deletion, asked for by Jordan Parker on 20 November 2026 and due a week later; pending. */
export function deletionRequestFixture(overrides: Partial<DeletionRequest> = {}): DeletionRequest {
  return {
    id: 1,
    scope: 'player',
    player: { id: 11, name: 'Maya' },
    status: 'pending',
    requested_at: '2026-11-20T15:00:00.000Z',
    requested_by: { id: 6, name: 'Jordan Parker' },
    due_at: '2026-11-27T15:00:00.000Z',
    cancelled_at: null,
    cancelled_by: null,
    completed_at: null,
    removed: null,
    ...overrides,
  };
}
