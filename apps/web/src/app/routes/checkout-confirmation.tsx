/** /checkout/confirmation (SPEC §2): where checkout ends — the order and what happens next. */
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { UserInfo } from '@grove/domain/api/user';

import { EmptyState, Page } from '../../components/page.tsx';
import { readConfirmation } from '../../features/checkout/confirmation-store.ts';
import { OrderConfirmation } from '../../features/checkout/order-confirmation.tsx';
import { HOME_PATH, href } from '../../lib/paths.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function CheckoutConfirmationRoute() {
  const { user } = useLoaderData() as { user: UserInfo | null };
  const [confirmation] = useState(readConfirmation);

  if (!confirmation) {
    return (
      <PublicLayout user={user}>
        <Page title="Order confirmation">
          <EmptyState
            title="No order to show here"
            action={
              <p className="order-confirmation__actions">
                <Link className="button button--primary" to={user ? HOME_PATH : href('login')}>
                  <span className="button__label">{user ? 'Go to my dashboard' : 'Log in'}</span>
                </Link>
                <Link className="button button--secondary" to={href('checkout')}>
                  <span className="button__label">Go to checkout</span>
                </Link>
              </p>
            }
          >
            <p>
              This page sums up an order right after checkout, in the browser tab where it was paid. If you have
              ordered, your confirmation and receipt are in your e-mail, and your order is in your account once you log
              in. If you have not ordered yet, checkout is one click away.
            </p>
          </EmptyState>
        </Page>
      </PublicLayout>
    );
  }

  const { order } = confirmation.answer;
  return (
    <PublicLayout user={user}>
      <Page
        title="Thank you! Your order is confirmed"
        intro={`Welcome to Grove, ${order.first_name}. A confirmation is on its way to ${order.email}.`}
      >
        <OrderConfirmation
          confirmation={confirmation}
          actions={
            user ? (
              <Link className="button button--primary" to={HOME_PATH}>
                <span className="button__label">Go to my dashboard</span>
              </Link>
            ) : (
              <Link className="button button--primary" to={href('login', null, { email: order.email })}>
                <span className="button__label">Log in once your password is set</span>
              </Link>
            )
          }
        />
      </Page>
    </PublicLayout>
  );
}
