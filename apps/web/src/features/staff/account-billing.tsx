/**
 * An account's subscription and invoices as staff see them (issue 14 §6, §10): the staff actions
 * the subscription's status allows (the domain's transitions), and each invoice with Refund (an
 * amount up to what is left, and a reason) and Remove (void, for a failed invoice), each confirmed
 * in words that name the invoice and the amount.
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney, transition } from '@grove/domain';
import type { Invoice } from '@grove/domain/api/billing';

import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { billingKeys, currentSubscription, invoicesQuery, subscriptionsQuery } from '../../lib/queries/billing.ts';
import { adminKeys } from './admin.api.ts';
import { refundInvoice, removeInvoice } from './backoffice.api.ts';
import { ACTION_LABELS, ActionDialog, type Action } from './request-actions.tsx';
import { invoiceRemoved, removeInvoiceQuestion } from './staff-sentences.ts';
import { formatDateTime } from '../../lib/format.ts';

/** Staff actions and the subscription flow each one runs. */
const STAFF_FLOWS: readonly [Action, Parameters<typeof transition>[0]][] = [
  ['confirm_cancellation', 'cancel_confirm'],
  ['confirm_return', 'return_confirm'],
  ['decline_return', 'return_decline'],
  ['renew', 'renew_confirm'],
];

const statusWords = (status: string) => status.toLowerCase().replace(/_/g, ' ');

function RefundDialog({ invoice, onClose, onDone }: { invoice: Invoice; onClose: () => void; onDone: () => void }) {
  const id = useId();
  const left = invoice.amount_cents - invoice.refunded_cents;
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const cents = Math.round(Number(amount) * 100);

  const check = () => {
    const found: typeof errors = {};
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || cents < 1) found.amount = 'Enter an amount such as 12.50.';
    else if (cents > left) found.amount = `At most ${formatMoney(left, invoice.currency)} is left to refund.`;
    if (reason.trim() === '') found.reason = 'Say why the money goes back; it is kept with the refund.';
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const send = async () => {
    setBusy(true);
    try {
      await refundInvoice(invoice, { amount_cents: cents, reason: reason.trim() });
      onDone();
      onClose();
    } catch (failure) {
      const body = failure instanceof ApiError && failure.body && typeof failure.body === 'object' ? failure.body : {};
      const first = (key: string) => {
        const value = (body as Record<string, unknown>)[key];
        return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
      };
      setErrors({
        amount: first('amount_cents'),
        reason: first('reason'),
        form: failure instanceof Error ? failure.message : 'The refund failed.',
      });
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  if (confirming) {
    return (
      <ConfirmDialog
        title="Refund this invoice?"
        confirmLabel={`Refund ${formatMoney(cents, invoice.currency)}`}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      >
        <p>
          {formatMoney(cents, invoice.currency)} of invoice {invoice.number} goes back to the family’s card. Reason: “
          {reason.trim()}”.
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <ModalDialog title={`Refund invoice ${invoice.number}`} onClose={onClose} busy={busy}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (check()) setConfirming(true);
        }}
      >
        <p>
          Paid {formatMoney(invoice.amount_cents, invoice.currency)}; already refunded{' '}
          {formatMoney(invoice.refunded_cents, invoice.currency)}.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-amount`}>
            Amount ({invoice.currency.toUpperCase()})
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            inputMode="decimal"
            value={amount}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
            onChange={(event) => setAmount(event.target.value)}
            data-autofocus
          />
          {errors.amount ? (
            <span className="field__issue field__issue--error" id={`${id}-amount-error`}>
              {errors.amount}
            </span>
          ) : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-reason`}>
            Reason
          </label>
          <textarea
            id={`${id}-reason`}
            className="input"
            rows={3}
            maxLength={500}
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {errors.reason ? (
            <span className="field__issue field__issue--error" id={`${id}-reason-error`}>
              {errors.reason}
            </span>
          ) : null}
        </div>
        {errors.form ? (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="dialog__actions">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function AccountBilling({ accountId, timeZone, who }: { accountId: number; timeZone: string; who: string }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const subscriptions = useQuery(subscriptionsQuery(accountId));
  const invoices = useQuery(invoicesQuery(accountId, page));
  const [acting, setActing] = useState<Action | null>(null);
  const [refunding, setRefunding] = useState<Invoice | null>(null);
  const [removing, setRemoving] = useState<Invoice | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const subscription = currentSubscription(subscriptions.data);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.account(accountId) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.account(accountId) }),
    ]);
  const actions = subscription
    ? STAFF_FLOWS.filter(([, flow]) => transition(flow, subscription.status, null).ok).map(([action]) => action)
    : [];

  return (
    <section className="card admin-section" aria-labelledby="admin-billing-title">
      <h2 className="card__title" id="admin-billing-title">
        Subscription and invoices
      </h2>
      {subscriptions.isPending ? (
        <Spinner label="Loading the subscription…" />
      ) : !subscription ? (
        <p>The family has not bought Grove yet.</p>
      ) : (
        <>
          <dl className="admin-facts">
            <dt>Subscription</dt>
            <dd>
              {statusWords(subscription.status)} · {subscription.plan.name}
            </dd>
            <dt>Period</dt>
            <dd>
              {formatDateTime(subscription.current_period_start, timeZone)} –{' '}
              {formatDateTime(subscription.current_period_end, timeZone)}
            </dd>
            {subscription.cancel_at ? (
              <>
                <dt>Cancels</dt>
                <dd>{formatDateTime(subscription.cancel_at, timeZone)}</dd>
              </>
            ) : null}
            <dt>Return deadline</dt>
            <dd>{formatDateTime(subscription.return_deadline, timeZone)}</dd>
          </dl>
          {actions.length > 0 ? (
            <div className="admin-note__actions">
              {actions.map((action) => (
                <Button key={action} variant="secondary" onClick={() => setActing(action)}>
                  {ACTION_LABELS[action]}
                </Button>
              ))}
            </div>
          ) : null}
        </>
      )}
      <p className="admin-status" role="status">
        {status}
      </p>
      <h3>Invoices</h3>
      <QueryState query={invoices} what="the invoices">
        {(data) =>
          data.results.length === 0 ? (
            <p>No invoices yet.</p>
          ) : (
            <ul className="admin-notes" aria-label="Invoices">
              {data.results.map((invoice) => {
                const left = invoice.amount_cents - invoice.refunded_cents;
                return (
                  <li key={invoice.id} className="admin-note">
                    <strong>
                      {invoice.number} · {formatMoney(invoice.amount_cents, invoice.currency)} ·{' '}
                      {statusWords(invoice.status)}
                    </strong>
                    <span className="admin-note__meta">
                      {invoice.description} · {formatDateTime(invoice.date, timeZone)}
                      {invoice.refunded_cents > 0
                        ? ` · refunded ${formatMoney(invoice.refunded_cents, invoice.currency)}`
                        : ''}
                    </span>
                    <div className="admin-note__actions">
                      {(invoice.status === 'PAID' || invoice.status === 'PARTIALLY_REFUNDED') && left > 0 ? (
                        <Button variant="ghost" onClick={() => setRefunding(invoice)}>
                          Refund<span className="visually-hidden"> invoice {invoice.number}</span>
                        </Button>
                      ) : null}
                      {invoice.status === 'FAILED' ? (
                        <Button variant="ghost" onClick={() => setRemoving(invoice)}>
                          Remove<span className="visually-hidden"> invoice {invoice.number}</span>
                        </Button>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
      {invoices.data && (invoices.data.next || invoices.data.previous) ? (
        <nav className="admin-pager" aria-label="Pages of invoices">
          <Button variant="secondary" disabled={!invoices.data.previous} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <Button variant="secondary" disabled={!invoices.data.next} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
      {acting ? (
        <ActionDialog
          accountId={accountId}
          who={who}
          action={acting}
          onClose={() => setActing(null)}
          onDone={(message) => {
            setStatus(message);
            void refresh();
          }}
        />
      ) : null}
      {refunding ? (
        <RefundDialog
          invoice={refunding}
          onClose={() => setRefunding(null)}
          onDone={() => {
            setStatus(`Invoice ${refunding.number} refunded.`);
            void refresh();
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={`Remove invoice ${removing.number}?`}
          confirmLabel="Remove invoice"
          onConfirm={async () => {
            await removeInvoice(removing);
            setStatus(invoiceRemoved(removing, who));
            await refresh();
          }}
          onClose={() => setRemoving(null)}
        >
          <p>{removeInvoiceQuestion(removing, who)}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
