/**
 * The confirmation of a paid order (issue 11 item 11): what was bought and where it goes, and what
 * happens next. Marks the conversion once per order (PUT /billing/order/track_conversion/).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_TIMEZONE, PO_BOX_WARNING, countryName as englishCountryName, formatMoney } from '@grove/domain';

import { countryName, formatDate } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
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
  const { i18n } = useLingui();
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
    countryName(shipping.country, englishCountryName(shipping.country) ?? shipping.country),
  ].filter((line) => line.trim() !== '');
  const trialEndDate = trialEnd ? formatDate(trialEnd, DEFAULT_TIMEZONE) : '';
  const total = money(order.total_cents);
  const email = order.email;

  return (
    <div className="order-confirmation">
      <section className="card" aria-labelledby="order-summary-title">
        <h2 className="card__title" id="order-summary-title">
          <Trans>Order summary</Trans>
        </h2>
        <dl className="details">
          <div>
            <dt>
              <Trans>Order number</Trans>
            </dt>
            <dd>{order.number}</dd>
          </div>
          <div>
            <dt>
              <Trans>Plan</Trans>
            </dt>
            <dd>
              {domainText(order.plan.name)} · {pricePerPeriod(order.plan, i18n)}
            </dd>
          </div>
          {order.promo_code ? (
            <div>
              <dt>
                <Trans>Promo code</Trans>
              </dt>
              <dd>
                {order.promo_code} (−{money(order.discount_cents)})
              </dd>
            </div>
          ) : null}
          {trialEnd ? (
            <div>
              <dt>
                <Trans>Free trial</Trans>
              </dt>
              <dd>
                <Trans>
                  Until {trialEndDate}; then {total} is charged.
                </Trans>
              </dd>
            </div>
          ) : (
            <div>
              <dt>
                <Trans>Total charged</Trans>
              </dt>
              <dd>{total}</dd>
            </div>
          )}
          {card ? (
            <div>
              <dt>
                <Trans>Card</Trans>
              </dt>
              <dd>{card}</dd>
            </div>
          ) : null}
          <div>
            <dt>
              <Trans>Ship to</Trans>
            </dt>
            <dd>
              {order.first_name} {order.last_name}
              {addressLines.map((line) => (
                <span key={line}>
                  <br />
                  {line}
                </span>
              ))}
              {order.po_box ? <p className="order-confirmation__note">{domainText(PO_BOX_WARNING)}</p> : null}
            </dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby="order-next-title">
        <h2 className="card__title" id="order-next-title">
          <Trans>What happens next</Trans>
        </h2>
        <ol className="order-confirmation__steps">
          <li>
            <p>
              {order.po_box ? (
                <Trans>
                  <strong>Your Grove kit ships.</strong> It goes by ground to your PO Box, so please allow a few extra
                  days.
                </Trans>
              ) : (
                <Trans>
                  <strong>Your Grove kit ships.</strong> We are packing it now and e-mail you the tracking link when it
                  leaves.
                </Trans>
              )}
            </p>
          </li>
          <li>
            <p>
              {answer.set_password_email_sent ? (
                <Trans>
                  <strong>Set your password.</strong> We sent a link to {email} to set your password.
                </Trans>
              ) : (
                <Trans>
                  <strong>Set your password.</strong> Sign in with your Grove e-mail and password as usual.
                </Trans>
              )}
            </p>
          </li>
          <li>
            <p>
              <Trans>
                <strong>Add your players.</strong> Add each child who will play from your dashboard.
              </Trans>
            </p>
          </li>
          <li>
            <p>
              <Trans>
                <strong>Play the first game.</strong> When the kit arrives, put on the heart-rate band and start
                playing.
              </Trans>
            </p>
          </li>
        </ol>
      </section>
      <p className="order-confirmation__actions">{actions}</p>
    </div>
  );
}
