/**
 * The confirmation of a paid order (issue 11 item 11): what was bought and where it goes, and what
 * happens next. Marks the conversion once per order (PUT /billing/order/track_conversion/).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { DEFAULT_TIMEZONE, PO_BOX_WARNING, countryName, formatMoney } from '@grove/domain';

import { formatDate } from '../../lib/format.ts';
import { trackConversion } from './checkout.api.ts';
import type { StoredConfirmation } from './confirmation-store.ts';
import { pricePerPeriod } from './plan-choice.tsx';
import './checkout.css';

/** Marks the order's conversion once while the page is shown (the server also counts it once). */
export function useTrackConversion(orderId: string | null): void {
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (!orderId || tracked.current === orderId) return;
    tracked.current = orderId;
    trackConversion(orderId).catch(() => {
      // Counting a conversion is not worth troubling the family with.
    });
  }, [orderId]);
}

export function OrderConfirmation({
  confirmation,
  actions,
}: {
  confirmation: StoredConfirmation;
  /** Where to go next (the login link or the dashboard). */
  actions: ReactNode;
}) {
  const { answer, card } = confirmation;
  const { order, subscription } = answer;
  useTrackConversion(order.external_id);
  const money = (cents: number) => formatMoney(cents, order.currency);
  const trialEnd = order.trial_ends_at ?? subscription.trial_ends_at;
  const { shipping } = order;
  const addressLines = [
    shipping.address_1,
    shipping.address_2,
    [shipping.city, [shipping.state, shipping.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    countryName(shipping.country) ?? shipping.country,
  ].filter((line) => line.trim() !== '');

  return (
    <div className="order-confirmation">
      <section className="card" aria-labelledby="order-summary-title">
        <h2 className="card__title" id="order-summary-title">
          Order summary
        </h2>
        <dl className="details">
          <div>
            <dt>Order number</dt>
            <dd>{order.number}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>
              {order.plan.name} · {pricePerPeriod(order.plan)}
            </dd>
          </div>
          {order.promo_code ? (
            <div>
              <dt>Promo code</dt>
              <dd>
                {order.promo_code} (−{money(order.discount_cents)})
              </dd>
            </div>
          ) : null}
          {trialEnd ? (
            <div>
              <dt>Free trial</dt>
              <dd>
                Until {formatDate(trialEnd, DEFAULT_TIMEZONE)}; then {money(order.total_cents)} is charged.
              </dd>
            </div>
          ) : (
            <div>
              <dt>Total charged</dt>
              <dd>{money(order.total_cents)}</dd>
            </div>
          )}
          {card ? (
            <div>
              <dt>Card</dt>
              <dd>{card}</dd>
            </div>
          ) : null}
          <div>
            <dt>Ship to</dt>
            <dd>
              {order.first_name} {order.last_name}
              {addressLines.map((line) => (
                <span key={line}>
                  <br />
                  {line}
                </span>
              ))}
              {order.po_box ? <p className="order-confirmation__note">{PO_BOX_WARNING}</p> : null}
            </dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby="order-next-title">
        <h2 className="card__title" id="order-next-title">
          What happens next
        </h2>
        <ol className="order-confirmation__steps">
          <li>
            <p>
              <strong>Your Grove kit ships.</strong>{' '}
              {order.po_box
                ? 'It goes by ground to your PO Box, so please allow a few extra days.'
                : 'We are packing it now and e-mail you the tracking link when it leaves.'}
            </p>
          </li>
          <li>
            <p>
              <strong>Set your password.</strong>{' '}
              {answer.set_password_email_sent
                ? `We sent a link to ${order.email} to set your password.`
                : 'Sign in with your Grove e-mail and password as usual.'}
            </p>
          </li>
          <li>
            <p>
              <strong>Add your players.</strong> Add each child who will play from your dashboard.
            </p>
          </li>
          <li>
            <p>
              <strong>Play the first game.</strong> When the kit arrives, put on the heart-rate band and start playing.
            </p>
          </li>
        </ol>
      </section>
      <p className="order-confirmation__actions">{actions}</p>
    </div>
  );
}
