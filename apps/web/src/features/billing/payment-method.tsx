/**
 * The payment method of the family (SPEC §3 Billing: billing details, payment method): the card on
 * file and the next charge, "Update card" (a dialog with the sandbox card form, or the card
 * provider's field when a publishable key is configured; POST /billing/payment/ with an
 * Idempotency-Key) and "E-mail me a link" (POST /billing/payment/request_update_email/).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '@grove/domain';
import type { ConfirmOrderRequest, PaymentMethodAnswer } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';

import { Button } from '../../components/button.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { i18n as pageI18n } from '../../lib/i18n.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { notify } from '../../lib/notifications.ts';
import { billingKeys } from '../../lib/queries/billing.ts';
import { authKeys } from '../../lib/queries/user.ts';
import { billingDetailsQuery, keepsIdempotencyKey, requestUpdateEmail, updatePaymentMethod } from './billing.api.ts';
import { CardUpdateForm } from './card-update-form.tsx';

/** 'Visa •••• 4242, expires 12/2029', in the page's language (`i18n`: the caller's, from useLingui). */
export function cardText(method: PaymentMethodAnswer, i18n: I18n = pageI18n): string {
  const { brand, last4 } = method;
  const month = String(method.exp_month).padStart(2, '0');
  const year = method.exp_year;
  return i18n._(msg`${brand} •••• ${last4}, expires ${month}/${year}`);
}

function UpdateCardDialog({
  user,
  accountId,
  pastDue,
  onClose,
}: {
  user: UserInfo;
  accountId: number;
  /** A failed renewal is waiting: the new card is charged for it at once. */
  pastDue: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // One key per card, kept for a retry when no answer came (billing.api.ts).
  const key = useRef<string | null>(null);
  const save = async (paymentMethod: ConfirmOrderRequest['payment_method']) => {
    key.current ??= newIdempotencyKey();
    try {
      const answer = await updatePaymentMethod({ account: accountId, payment_method: paymentMethod }, key.current);
      key.current = null;
      return answer;
    } catch (error) {
      if (!keepsIdempotencyKey(error)) key.current = null;
      throw error;
    }
  };
  return (
    <ModalDialog title={t`Update your card`} onClose={onClose} busy={busy}>
      <CardUpdateForm
        className="dialog__form"
        actionsClassName="dialog__actions"
        holder={{ name: user.full_name || user.name, email: user.email, phone: user.phonenumber }}
        intro={
          <p>
            {pastDue ? (
              <Trans>We charge your failed renewal to the new card at once, and it is used from then on.</Trans>
            ) : (
              <Trans>The new card is used from your next charge on. Nothing is charged now.</Trans>
            )}
          </p>
        }
        save={save}
        onPendingChange={setBusy}
        onAnswer={(method) => {
          // A retried renewal changes the subscription, the invoices, the history and the user's billing status.
          void queryClient.invalidateQueries({
            queryKey: method.renewal ? billingKeys.all : billingKeys.details(user.id),
          });
          if (method.renewal) void queryClient.invalidateQueries({ queryKey: authKeys.userInfo() });
        }}
        onSaved={(method) => {
          const card = cardText(method, i18n);
          notify({
            kind: 'success',
            title: t`Card updated`,
            message: method.renewal ? method.renewal.detail : t`${card} is used from the next charge on.`,
          });
          onClose();
        }}
        secondary={(pending) => (
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            <Trans>Keep the current card</Trans>
          </Button>
        )}
      />
    </ModalDialog>
  );
}

export function PaymentMethodCard({
  user,
  accountId,
  timeZone,
}: {
  user: UserInfo;
  accountId: number;
  timeZone: string | null;
}) {
  const { t, i18n } = useLingui();
  const details = useQuery(billingDetailsQuery(user.id));
  const [search, setSearch] = useSearchParams();
  // The past-due e-mail and banner link here with update_card=1: the card form opens at once.
  const [updating, setUpdating] = useState(search.get('update_card') === '1');
  useEffect(() => {
    if (search.get('update_card') !== '1') return;
    setUpdating(true);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('update_card');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [search, setSearch]);
  const emailLink = useMutation({
    mutationFn: requestUpdateEmail,
    onSuccess: (detail) => notify({ kind: 'success', title: t`Link sent`, message: detail }),
    meta: { errorTitle: t`Sending the link` },
  });
  const headingId = useId();

  return (
    <section className="card billing-card" aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId}>
        <Trans>Payment method</Trans>
      </h2>
      <QueryState query={details} what={t`your payment method`}>
        {(data) => {
          const amount = data.next_charge_cents !== null ? formatMoney(data.next_charge_cents, data.currency) : null;
          const date = data.next_charge_at ? formatDateTime(data.next_charge_at, timeZone) : null;
          return (
            <dl className="details">
              <div>
                <dt>
                  <Trans>Card</Trans>
                </dt>
                <dd>{data.payment_method ? cardText(data.payment_method, i18n) : <Trans>No card on file</Trans>}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Next charge</Trans>
                </dt>
                <dd>{amount !== null && date !== null ? t`${amount} on ${date}` : <Trans>None scheduled</Trans>}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Billing e-mail</Trans>
                </dt>
                <dd>{data.billing_email}</dd>
              </div>
            </dl>
          );
        }}
      </QueryState>
      <div className="billing-actions">
        <Button variant="secondary" onClick={() => setUpdating(true)}>
          <Trans>Update card</Trans>
        </Button>
        <Button variant="ghost" onClick={() => emailLink.mutate()} loading={emailLink.isPending}>
          <Trans>E-mail me a link</Trans>
        </Button>
      </div>
      {updating ? (
        <UpdateCardDialog
          user={user}
          accountId={accountId}
          pastDue={Boolean(details.data?.past_due)}
          onClose={() => setUpdating(false)}
        />
      ) : null}
    </section>
  );
}
