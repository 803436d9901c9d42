/**
 * Staff actions on a family's subscription (issue 14 §6, §8): confirm a cancellation, confirm or
 * decline a return (with the reason the family reads), renew after a failed payment, remove (void)
 * a failed payment's invoice (issue 26) — each behind a confirmation that names the change, and
 * each done with a staff sentence naming the family (./staff-sentences.ts), never the family's
 * sentence the API answers. Used by Outstanding Billing Requests and account details.
 */
import { useId, useState } from 'react';
import type { BillingRequestKind } from '@grove/domain/backoffice';

import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { confirmCancellation, confirmReturn, declineReturn, removeInvoice, renewAccount } from './backoffice.api.ts';
import {
  invoiceRemoved,
  removeInvoiceQuestion,
  staffActionDone,
  type NamedInvoice,
  type StaffAction,
} from './staff-sentences.ts';

export type Action = StaffAction;

export const ACTIONS: Readonly<Record<BillingRequestKind, readonly Action[]>> = {
  cancellation: ['confirm_cancellation'],
  return: ['confirm_return', 'decline_return'],
  failed_payment: ['renew'],
};
export const ACTION_LABELS: Readonly<Record<Action, string>> = {
  confirm_cancellation: 'Confirm cancellation',
  confirm_return: 'Confirm return',
  decline_return: 'Decline return',
  renew: 'Renew',
};

export function ActionDialog({
  accountId,
  who,
  action,
  onClose,
  onDone,
}: {
  accountId: number;
  /** The family, in words ("Wendy Wait"). */
  who: string;
  action: Action;
  onClose: () => void;
  /** Called with the staff sentence once the action is done. */
  onDone: (message: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const run = async () => {
    switch (action) {
      case 'confirm_cancellation':
        return confirmCancellation(accountId);
      case 'confirm_return':
        return confirmReturn(accountId);
      case 'renew':
        return renewAccount(accountId);
      case 'decline_return':
        if (reason.trim() === '') {
          setReasonError('Say why the return is declined; the family reads it.');
          throw new Error('Say why the return is declined.');
        }
        setReasonError(null);
        return declineReturn(accountId, reason.trim());
    }
  };
  const text: Record<Action, string> = {
    confirm_cancellation: `The subscription of ${who} ends now instead of at the end of its grace period.`,
    confirm_return: `The kit of ${who} is accepted back: the subscription ends and the return is refunded.`,
    decline_return: `The return request of ${who} is declined; the subscription goes back to where it was.`,
    renew: `The subscription of ${who} is charged again and runs for a new period.`,
  };
  return (
    <ConfirmDialog
      title={`${ACTION_LABELS[action]}?`}
      confirmLabel={ACTION_LABELS[action]}
      onConfirm={async () => {
        // The answer's `detail` is the family's sentence; staff read their own.
        await run();
        onDone(staffActionDone(action, who, reason.trim()));
      }}
      onClose={onClose}
    >
      <p>{text[action]}</p>
      {action === 'decline_return' ? (
        <div className="field">
          <label className="field__label" htmlFor={id}>
            Reason for declining
          </label>
          <textarea
            id={id}
            className="input"
            rows={3}
            maxLength={500}
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {reasonError ? (
            <span className="field__issue field__issue--error" id={`${id}-error`}>
              {reasonError}
            </span>
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

/** Remove (void) a failed invoice of the family `who`, after a confirmation naming it and its amount. */
export function RemoveInvoiceDialog({
  invoice,
  who,
  onClose,
  onDone,
}: {
  invoice: NamedInvoice & { id: number; billing_entity_name: string };
  who: string;
  onClose: () => void;
  /** Called with the staff sentence once the invoice is void. */
  onDone: (message: string) => void;
}) {
  return (
    <ConfirmDialog
      title={`Remove failed invoice ${invoice.number}?`}
      confirmLabel="Remove invoice"
      onConfirm={async () => {
        await removeInvoice(invoice);
        onDone(invoiceRemoved(invoice, who));
      }}
      onClose={onClose}
    >
      <p>{removeInvoiceQuestion(invoice, who)}</p>
    </ConfirmDialog>
  );
}
