/**
 * The account's invoices (GET /billing/accounts/{id}/invoices/, paged) and the printable receipt of
 * one: billing entity, number, date, period, amount, refunds and card, with a Print button; the
 * print style sheet (billing.css) leaves only the receipt on paper.
 */
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '@grove/domain';
import type { Invoice } from '@grove/domain/api/billing';

import { Button } from '../../components/button.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { invoicesQuery } from '../../lib/queries/billing.ts';
import { PagedListCard } from './paged-list-card.tsx';

/** Each invoice status in words (shown with `i18n._`; the context: these words are the payment's). */
const INVOICE_STATUS_WORDS: Readonly<Record<Invoice['status'], MessageDescriptor>> = {
  PAID: msg({ message: 'Paid', context: 'invoice status' }),
  FAILED: msg({ message: 'Payment failed', context: 'invoice status' }),
  REFUNDED: msg({ message: 'Refunded', context: 'invoice status' }),
  PARTIALLY_REFUNDED: msg({ message: 'Partly refunded', context: 'invoice status' }),
  VOID: msg({ message: 'Void', context: 'invoice status' }),
};

/** One invoice on paper: what a family keeps for its records. */
export function InvoiceReceipt({
  invoice,
  timeZone,
  onBack,
}: {
  invoice: Invoice;
  timeZone: string | null;
  onBack: () => void;
}) {
  const { i18n } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const number = invoice.number;
  const periodStart = formatDateTime(invoice.period_start, timeZone);
  const periodEnd = formatDateTime(invoice.period_end, timeZone);
  const reference = invoice.external_id;
  return (
    <article className="card receipt" aria-labelledby="receipt-heading">
      <div className="receipt__actions">
        <Button variant="secondary" onClick={onBack}>
          <Trans>Back to Subscription &amp; Billing</Trans>
        </Button>
        <Button onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
      </div>
      <header className="receipt__head">
        <p className="receipt__entity">{invoice.billing_entity_name}</p>
        <h2 className="receipt__title" id="receipt-heading" tabIndex={-1} ref={headingRef}>
          <Trans>Receipt {number}</Trans>
        </h2>
      </header>
      <dl className="details receipt__details">
        <div>
          <dt>
            <Trans>Invoice number</Trans>
          </dt>
          <dd>{invoice.number}</dd>
        </div>
        <div>
          <dt>
            <Trans>Date</Trans>
          </dt>
          <dd>{formatDateTime(invoice.date, timeZone)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Description</Trans>
          </dt>
          <dd>{invoice.description}</dd>
        </div>
        <div>
          <dt>
            <Trans>Period</Trans>
          </dt>
          <dd>
            <Trans>
              {periodStart} to {periodEnd}
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Amount</Trans>
          </dt>
          <dd>{money(invoice.amount_cents)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Refunded</Trans>
          </dt>
          <dd>{invoice.refunded_cents > 0 ? money(invoice.refunded_cents) : <Trans>Nothing refunded</Trans>}</dd>
        </div>
        <div>
          <dt>
            <Trans>Total paid</Trans>
          </dt>
          <dd>
            <strong>{money(Math.max(0, invoice.amount_cents - invoice.refunded_cents))}</strong>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>{i18n._(INVOICE_STATUS_WORDS[invoice.status])}</dd>
        </div>
        <div>
          <dt>
            <Trans>Card</Trans>
          </dt>
          <dd>{invoice.card ?? <Trans>No card</Trans>}</dd>
        </div>
      </dl>
      <p className="receipt__foot">
        <Trans>Reference {reference}</Trans>
      </p>
    </article>
  );
}

export function InvoicesCard({
  accountId,
  timeZone,
  onReceipt,
}: {
  accountId: number;
  timeZone: string | null;
  onReceipt: (invoice: Invoice, opener: HTMLElement | null) => void;
}) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const invoices = useQuery({ ...invoicesQuery(accountId, page), placeholderData: keepPreviousData });
  return (
    <PagedListCard
      title={t`Invoices`}
      what={t`your invoices`}
      empty={t`No invoices yet.`}
      pagerLabel={t`Invoice pages`}
      query={invoices}
      page={page}
      onPage={setPage}
    >
      {(invoice) => {
        const number = invoice.number;
        return (
          <li key={invoice.id} className="billing-list__item invoice-row">
            <div className="invoice-row__main">
              <span className="invoice-row__number">{invoice.number}</span>
              <span className="muted">{formatDateTime(invoice.date, timeZone)}</span>
            </div>
            <div className="invoice-row__amount">
              <span>{formatMoney(invoice.amount_cents, invoice.currency)}</span>
              <span className="badge">{i18n._(INVOICE_STATUS_WORDS[invoice.status])}</span>
            </div>
            <Button
              variant="ghost"
              className="invoice-row__receipt"
              onClick={(event) => onReceipt(invoice, event.currentTarget)}
            >
              <Trans>
                Receipt<span className="visually-hidden"> {number}</span>
              </Trans>
            </Button>
          </li>
        );
      }}
    </PagedListCard>
  );
}
