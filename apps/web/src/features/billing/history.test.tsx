/** The billing history says the plan of a confirmed order by its name, never its internal tag. */
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { billingApi } from '@grove/domain/api/endpoints/billing';

import { fakeApi } from '../../../test/fake-api.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { HistoryCard } from './history.tsx';

const entry = (action: string, reason: string | null) => ({
  id: action === 'order_confirmed' ? 2 : 1,
  account_id: 1,
  action,
  from_status: null,
  to_status: 'ACTIVE',
  reason,
  actor: null,
  created_at: '2025-03-01T15:00:00.000Z',
});

describe('billing history', () => {
  it('shows the plan’s display name for a confirmed order', async () => {
    fakeApi([
      [
        billingApi.actions,
        {
          body: { count: 1, next: null, previous: null, results: [entry('order_confirmed', 'default')] },
        },
      ],
    ]);
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <HistoryCard accountId={1} timeZone={null} />
      </QueryClientProvider>,
    );
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Order confirmed — Grove Family — monthly');
    expect(item).not.toHaveTextContent('— default');
  });
});
