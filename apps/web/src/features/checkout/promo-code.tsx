/**
 * The promo code field and its Apply button: GET /billing/promo/{code}?plan=<tag> answers the
 * code's discount, or why it cannot be used (404 and 429 carry the sentence in `detail`). Enter
 * in the field applies the code rather than paying.
 */
import { useState } from 'react';
import { PROMO_CODE_MAX_LENGTH, PROMO_CODE_PATTERN, PROMO_MESSAGES, errorText, formatMoney } from '@grove/domain';
import type { PromoCode } from '@grove/domain/api/billing';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, type FieldIds } from '../../components/form/field.tsx';
import { fetchPromo } from './checkout.api.ts';

/** '10% off', '$5.00 off', '10% and $5.00 off'. */
export function promoDiscountText(promo: Pick<PromoCode, 'amount_off' | 'percent_off'>, currency = 'usd'): string {
  const parts = [
    promo.percent_off > 0 ? `${promo.percent_off}%` : null,
    promo.amount_off > 0 ? formatMoney(promo.amount_off, currency) : null,
  ].filter(Boolean);
  return `${parts.join(' and ')} off`;
}

export function PromoCodeField({
  ids,
  planTag,
  currency,
  applied,
  newTotal,
  serverMessage,
  onApplied,
}: {
  ids: FieldIds;
  planTag: string;
  currency: string;
  applied: PromoCode | null;
  /** The total with the applied code ('$35.10'). */
  newTotal: string;
  /** A message about the code from a failed order (a code used up meanwhile). */
  serverMessage: string | null;
  onApplied: (promo: PromoCode | null) => void;
}) {
  const [code, setCode] = useState(applied?.codeString ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const shownMessage = message ?? serverMessage;
  const issue = shownMessage ? ({ message: shownMessage, severity: 'error' } as const) : null;

  const apply = async () => {
    const wanted = code.trim();
    if (pending || wanted === '') return;
    setMessage(null);
    if (!PROMO_CODE_PATTERN.test(wanted)) {
      setMessage(PROMO_MESSAGES.invalid);
      return;
    }
    setPending(true);
    try {
      onApplied(await fetchPromo(wanted, planTag));
    } catch (failure) {
      onApplied(null);
      setMessage(errorText(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="checkout-promo">
      <Field ids={ids} label="Promo code" issue={issue}>
        <div className="checkout-promo__row">
          <input
            id={ids.control}
            className="input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PROMO_CODE_MAX_LENGTH}
            value={code}
            {...controlAria(ids, issue, false)}
            onChange={(event) => {
              setCode(event.target.value);
              setMessage(null);
              if (applied && event.target.value.trim().toUpperCase() !== applied.codeString.toUpperCase()) {
                onApplied(null);
              }
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void apply();
              }
            }}
          />
          <Button variant="secondary" loading={pending} disabled={code.trim() === ''} onClick={() => void apply()}>
            Apply
          </Button>
        </div>
      </Field>
      <p className="checkout-promo__applied" role="status">
        {applied
          ? `Promo code ${applied.codeString} applied: ${promoDiscountText(applied, currency)}. New total: ${newTotal}.`
          : ''}
      </p>
    </div>
  );
}
