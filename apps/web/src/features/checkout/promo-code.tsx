/**
 * The promo code field and its Apply button: GET /billing/promo/{code}?plan=<tag> answers the
 * code's discount, or why it cannot be used (404 and 429 carry the sentence in `detail`; a code for
 * other plans names them: 'SPRING20 is for monthly plans only.'). Enter in the field applies the
 * code rather than paying.
 *
 * The applied code is checked against the chosen plan, and again whenever the plan changes
 * (decision 0046): while the check runs and when it fails, the code is out of the order (the total
 * is the plan's price) and the sentence stays under the field; choosing a plan it is for brings it
 * back.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PROMO_CODE_MAX_LENGTH, PROMO_CODE_PATTERN, PROMO_MESSAGES, errorText, formatMoney } from '@grove/domain';
import type { PromoCode } from '@grove/domain/api/billing';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, type FieldIds } from '../../components/form/field.tsx';
import { checkoutKeys, promoQuery } from './checkout.api.ts';

/** '10% off', '$5.00 off', '10% and $5.00 off', in the page's language (`i18n`: the caller's, from useLingui). */
export function promoDiscountText(
  promo: Pick<PromoCode, 'amount_off' | 'percent_off'>,
  currency: string,
  i18n: I18n,
): string {
  const percent = promo.percent_off;
  const amount = promo.amount_off > 0 ? formatMoney(promo.amount_off, currency) : '';
  if (percent > 0 && amount) return i18n._(msg`${percent}% and ${amount} off`);
  if (percent > 0) return i18n._(msg`${percent}% off`);
  return i18n._(msg`${amount} off`);
}

export type PromoCodeState = ReturnType<typeof usePromoCode>;

/** The code a family applied, checked against plan `planTag` (the chosen plan). */
export function usePromoCode(planTag: string) {
  const queryClient = useQueryClient();
  /** The code the family applied (upper case), kept while the field holds it, whatever the plan. */
  const [code, setCode] = useState<string | null>(null);
  /** A sentence about the code from a failed order (a code used up meanwhile). */
  const [orderMessage, setOrderMessage] = useState<string | null>(null);
  const check = useQuery({ ...promoQuery(code ?? '', planTag), enabled: code !== null });
  const failed = code !== null && check.status === 'error';
  return {
    code,
    /** The code as it applies to the chosen plan; null while unchecked, when refused, or without a code. */
    applied: code !== null && check.status === 'success' ? check.data : null,
    checking: code !== null && check.isFetching,
    message: failed ? errorText(check.error) : orderMessage,
    /** Applies `next`; the same code again asks the API again. */
    apply(next: string) {
      const wanted = next.trim().toUpperCase();
      setOrderMessage(null);
      if (wanted === code) void check.refetch();
      else setCode(wanted);
    },
    /** The field no longer holds the code. */
    clear() {
      setCode(null);
      setOrderMessage(null);
    },
    /** An order was refused because of the code: it leaves the order, with the server's sentence. */
    refuse(sentence: string) {
      if (code !== null) queryClient.removeQueries({ queryKey: checkoutKeys.promo(code) });
      setCode(null);
      setOrderMessage(sentence);
    },
    /** A new payment attempt starts: the sentence of the last refusal goes. */
    forgetOrderMessage() {
      setOrderMessage(null);
    },
  };
}

export function PromoCodeField({
  ids,
  currency,
  promo,
  planName,
  newTotal,
}: {
  ids: FieldIds;
  currency: string;
  promo: PromoCodeState;
  /** The chosen plan, for the words of a check in progress. */
  planName: string;
  /** The total with the applied code ('$35.10'). */
  newTotal: string;
}) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState(promo.code ?? '');
  /** A message of the field itself (a code that cannot be a code). */
  const [message, setMessage] = useState<string | null>(null);
  const shownMessage = message ?? promo.message;
  const issue = shownMessage ? ({ message: shownMessage, severity: 'error' } as const) : null;
  const { applied } = promo;

  const apply = () => {
    const wanted = code.trim();
    if (promo.checking || wanted === '') return;
    setMessage(null);
    if (!PROMO_CODE_PATTERN.test(wanted)) {
      promo.clear();
      setMessage(PROMO_MESSAGES.invalid);
      return;
    }
    promo.apply(wanted);
  };

  let status = '';
  if (applied) {
    const appliedCode = applied.codeString;
    const discount = promoDiscountText(applied, currency, i18n);
    status = t`Promo code ${appliedCode} applied: ${discount}. New total: ${newTotal}.`;
  } else if (promo.checking && promo.code) {
    const checkedCode = promo.code;
    status = t`Checking promo code ${checkedCode} for ${planName}…`;
  }
  const refusedCode = promo.code;

  return (
    <div className="checkout-promo">
      <Field ids={ids} label={t`Promo code`} issue={issue}>
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
              if (promo.code !== null && event.target.value.trim().toUpperCase() !== promo.code) promo.clear();
              else promo.forgetOrderMessage();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
          <Button variant="secondary" loading={promo.checking} disabled={code.trim() === ''} onClick={apply}>
            <Trans>Apply</Trans>
          </Button>
        </div>
      </Field>
      <p className="checkout-promo__applied" role="status">
        {status}
        {/* A code refused (now, or for the plan just chosen) is announced too; the field says why. */}
        {promo.code !== null && !applied && !promo.checking && promo.message ? (
          <span className="visually-hidden">
            <Trans>Promo code {refusedCode} is not applied.</Trans>
          </span>
        ) : null}
      </p>
    </div>
  );
}
