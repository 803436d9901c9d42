/**
 * What the staff pages say once a staff action on a family is done (issue 26): one sentence in
 * staff words naming the family. The API's `detail` is the family's sentence (it is the first line
 * of their e-mail) and is never shown to staff. Used by Outstanding Billing Requests and the admin
 * account's billing section.
 */
import { formatMoney } from '@grove/domain';

export type StaffAction = 'confirm_cancellation' | 'confirm_return' | 'decline_return' | 'renew';

/** An invoice as the sentences name it. */
export interface NamedInvoice {
  number: string;
  amount_cents: number;
  currency: string;
}

const E_MAILED = 'The family is told by e-mail.';

/** After a subscription action on the family `who` ("Wendy Wait"); `reason` is a declined return's. */
export function staffActionDone(action: StaffAction, who: string, reason = ''): string {
  switch (action) {
    case 'confirm_cancellation':
      return `Cancellation of ${who} confirmed: the subscription has ended. ${E_MAILED}`;
    case 'confirm_return':
      return `Return of ${who} confirmed: the subscription has ended and the last payment is refunded. ${E_MAILED}`;
    case 'decline_return':
      return `Return of ${who} declined. The family reads your reason: “${reason}”.`;
    case 'renew':
      return `Subscription of ${who} renewed: it runs again. ${E_MAILED}`;
  }
}

/** After a failed invoice of the family `who` was removed (voided). */
export function invoiceRemoved(invoice: NamedInvoice, who: string): string {
  return `Failed invoice ${invoice.number} of ${who} (${formatMoney(invoice.amount_cents, invoice.currency)}) removed: it is void now. The subscription itself is unchanged.`;
}

/** What removing a failed invoice does, asked before it is done. */
export function removeInvoiceQuestion(invoice: NamedInvoice, who: string): string {
  return `The failed invoice ${invoice.number} of ${formatMoney(invoice.amount_cents, invoice.currency)} of ${who} is voided: it is kept, marked void, and no longer counts as owed. The subscription itself is unchanged.`;
}
