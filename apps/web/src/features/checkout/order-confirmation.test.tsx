/** The order confirmation shows the order's human number, never its internal UUID. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { DEFAULT_PLAN, confirmAnswer, orderAnswer } from './checkout-fixtures.ts';
import { OrderConfirmation } from './order-confirmation.tsx';

vi.mock('./checkout.api.ts', () => ({ trackConversion: vi.fn(async () => undefined) }));

describe('order confirmation', () => {
  it('shows the order number like invoices read, not the order id', () => {
    const order = orderAnswer(
      {
        plan_tag: DEFAULT_PLAN.tag,
        email: 'dana@example.com',
        first_name: 'Dana',
        last_name: 'Whitfield',
        phonenumber: '+12015550123',
        shipping: { address_1: '12 Elm St', city: 'Newark', state: 'NJ', zipcode: '07102', country: 'US' },
      } as Parameters<typeof orderAnswer>[0],
      { external_id: '0b7f6a2e-3c1d-4e5f-8a9b-112233445566', number: 'GRV-ORD-2026-000024' },
    );
    render(<OrderConfirmation confirmation={{ answer: confirmAnswer(order), card: null }} actions={null} />);
    const number = screen.getByText('Order number').nextElementSibling;
    expect(number).toHaveTextContent('GRV-ORD-2026-000024');
    expect(screen.queryByText('0b7f6a2e-3c1d-4e5f-8a9b-112233445566')).not.toBeInTheDocument();
  });
});
