/** /checkout/confirmation (SPEC §2): where checkout ends — the order and what happens next. */
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { UserInfo } from '@grove/domain/api/user';
import { Trans, useLingui } from '@lingui/react/macro';

import { EmptyState, Page } from '../../components/page.tsx';
import { readConfirmation } from '../../features/checkout/confirmation-store.ts';
import { OrderConfirmation } from '../../features/checkout/order-confirmation.tsx';
import { HOME_PATH, href } from '../../lib/paths.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function CheckoutConfirmationRoute() {
  const { t } = useLingui();
  const { user } = useLoaderData() as { user: UserInfo | null };
  const [confirmation] = useState(readConfirmation);

  if (!confirmation) {
    return (
      <PublicLayout user={user}>
        <Page title={t`Order confirmation`}>
          <EmptyState
            title={t`No order to show here`}
            action={
              <p className="order-confirmation__actions">
                <Link className="button button--primary" to={user ? HOME_PATH : href('login')}>
                  <span className="button__label">{user ? t`Go to my dashboard` : t`Log in`}</span>
                </Link>
                <Link className="button button--secondary" to={href('checkout')}>
                  <span className="button__label">
                    <Trans>Go to checkout</Trans>
                  </span>
                </Link>
              </p>
            }
          >
            <p>
              <Trans>
                This page sums up an order right after checkout, in the browser tab where it was paid. If you have
                ordered, your confirmation and receipt are in your e-mail, and your order is in your account once you
                log in. If you have not ordered yet, checkout is one click away.
              </Trans>
            </p>
          </EmptyState>
        </Page>
      </PublicLayout>
    );
  }

  const { order } = confirmation.answer;
  const firstName = order.first_name;
  const email = order.email;
  return (
    <PublicLayout user={user}>
      <Page
        title={t`Thank you! Your order is confirmed`}
        intro={t`Welcome to Grove, ${firstName}. A confirmation is on its way to ${email}.`}
      >
        <OrderConfirmation
          confirmation={confirmation}
          actions={
            user ? (
              <Link className="button button--primary" to={HOME_PATH}>
                <span className="button__label">
                  <Trans>Go to my dashboard</Trans>
                </span>
              </Link>
            ) : (
              <Link className="button button--primary" to={href('login', null, { email: order.email })}>
                <span className="button__label">
                  <Trans>Log in once your password is set</Trans>
                </span>
              </Link>
            )
          }
        />
      </Page>
    </PublicLayout>
  );
}
