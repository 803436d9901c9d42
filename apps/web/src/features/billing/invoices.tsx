/**
 * The account's invoices (GET /billing/accounts/{id}/invoices/, paged) and the printable receipt of
 * one: billing entity, number, date, period, amount, refunds and card, with a Print button; the
 * print style sheet (billing.css) leaves only the receipt on paper.
 */
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime, formatMoney } from '@grove/domain';
import type { Invoice } from '@grove/domain/api/billing';

import { Button } from '../../components/button.tsx';
import { invoicesQuery } from '../../lib/queries/billing.ts';
import { PagedListCard } from './paged-list-card.tsx';

const INVOICE_STATUS_WORDS: Readonly<Record<Invoice['status'], string>> = {
  PAID: 'Paid',
  FAILED: 'Payment failed',
  REFUNDED: 'Refunded',
  PARTIALLY_REFUNDED: 'Partly refunded',
  VOID: 'Void',
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  return (
    <article className="card receipt" aria-labelledby="receipt-heading">
      <div className="receipt__actions">
        <Button variant="secondary" onClick={onBack}>
          Back to Subscription &amp; Billing
        </Button>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <header className="receipt__head">
        <p className="receipt__entity">{invoice.billing_entity_name}</p>
        <h2 className="receipt__title" id="receipt-heading" tabIndex={-1} ref={headingRef}>
          Receipt {invoice.number}
        </h2>
      </header>
      <dl className="details receipt__details">
        <div>
          <dt>Invoice number</dt>
          <dd>{invoice.number}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDateTime(invoice.date, timeZone)}</dd>
        </div>
        <div>
          <dt>Description</dt>
          <dd>{invoice.description}</dd>
        </div>
        <div>
          <dt>Period</dt>
          <dd>
            {formatDateTime(invoice.period_start, timeZone)} to {formatDateTime(invoice.period_end, timeZone)}
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{money(invoice.amount_cents)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{invoice.refunded_cents > 0 ? money(invoice.refunded_cents) : 'Nothing refunded'}</dd>
        </div>
        <div>
          <dt>Total paid</dt>
          <dd>
            <strong>{money(Math.max(0, invoice.amount_cents - invoice.refunded_cents))}</strong>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{INVOICE_STATUS_WORDS[invoice.status]}</dd>
        </div>
        <div>
          <dt>Card</dt>
          <dd>{invoice.card ?? 'No card'}</dd>
        </div>
      </dl>
      <p className="receipt__foot">Reference {invoice.external_id}</p>
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
  const [page, setPage] = useState(1);
  const invoices = useQuery({ ...invoicesQuery(accountId, page), placeholderData: keepPreviousData });
  return (
    <PagedListCard
      title="Invoices"
      what="your invoices"
      empty="No invoices yet."
      pagerLabel="Invoice pages"
      query={invoices}
      page={page}
      onPage={setPage}
    >
      {(invoice) => (
        <li key={invoice.id} className="billing-list__item invoice-row">
          <div className="invoice-row__main">
            <span className="invoice-row__number">{invoice.number}</span>
            <span className="muted">{formatDateTime(invoice.date, timeZone)}</span>
          </div>
          <div className="invoice-row__amount">
            <span>{formatMoney(invoice.amount_cents, invoice.currency)}</span>
            <span className="badge">{INVOICE_STATUS_WORDS[invoice.status]}</span>
          </div>
          <Button
            variant="ghost"
            className="invoice-row__receipt"
            onClick={(event) => onReceipt(invoice, event.currentTarget)}
          >
            Receipt<span className="visually-hidden"> {invoice.number}</span>
          </Button>
        </li>
      )}
    </PagedListCard>
  );
}
