/**
 * A fake customer-interactions API for component tests: the OPTIONS answer, the list (newest
 * first, as the server orders it) and POST, which puts the new one on top as the server would.
 */
import {
  INTERACTION_DIRECTIONS,
  INTERACTION_KINDS,
  INTERACTION_OUTCOMES,
  INTERACTION_SUMMARY_MAX,
  INTERACTION_TOPICS,
} from '@grove/domain';
import type { CustomerInteraction } from '@grove/domain/api/account';
import { accountApi } from '@grove/domain/api/endpoints/account';

import type { FakeRoute } from '../../../test/fake-api.ts';

export function interactionFixture(overrides: Partial<CustomerInteraction> = {}): CustomerInteraction {
  return {
    id: 1,
    kind: 'call',
    direction: 'outbound',
    topic: 'check_in',
    outcome: null,
    summary: 'Check-in call: mornings are calmer.',
    occurred_at: '2026-11-20T20:05:09.000Z',
    created_at: '2026-11-20T20:05:09.000Z',
    created_by: { id: 31, name: 'Casey Morgan' },
    ...overrides,
  };
}

export type FakeInteractions = { results: CustomerInteraction[] };

export function interactionRoutes(
  accountId: number,
  state: FakeInteractions,
  author: { id: number; name: string } = { id: 9, name: 'Staff Member' },
): FakeRoute[] {
  return [
    [
      accountApi.interactionOptions,
      {
        body: {
          kinds: [...INTERACTION_KINDS],
          directions: [...INTERACTION_DIRECTIONS],
          topics: [...INTERACTION_TOPICS],
          outcomes: [...INTERACTION_OUTCOMES],
          summary_max_length: INTERACTION_SUMMARY_MAX,
        },
      },
      { id: accountId },
    ],
    [
      accountApi.interactions,
      () => ({
        body: { count: state.results.length, next: null, previous: null, results: state.results },
      }),
      { id: accountId },
    ],
    [
      accountApi.addInteraction,
      (request) => {
        const body = request.body as Pick<CustomerInteraction, 'kind' | 'direction' | 'topic' | 'outcome' | 'summary'>;
        const saved = interactionFixture({
          ...body,
          id: Math.max(0, ...state.results.map((item) => item.id)) + 1,
          occurred_at: '2026-11-24T15:00:00.000Z',
          created_at: '2026-11-24T15:00:00.000Z',
          created_by: author,
        });
        state.results = [saved, ...state.results];
        return { status: 201, body: saved };
      },
      { id: accountId },
    ],
  ];
}
