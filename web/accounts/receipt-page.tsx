import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeftIcon, PrinterIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button';
import { DetailSkeleton, LoadError } from '../inventory/inventory-ui';
import { useLanguage } from '../i18n/language-provider';
import { formatDate, formatDateTime, formatMoneyAmount } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { ENTRY_KIND_LABELS, PAYMENT_METHOD_LABELS, isPaymentMethod } from './accounts-labels';
import { usePaymentReceipt } from './accounts.api';

// The receipt is 80 mm wide on a thermal roll: @page sets the paper, the rest of the app is hidden
// when printing, and the receipt moves no stock (it only shows the payment). A page size takes one
// or two lengths ("80mm auto" is invalid CSS and browsers drop it): 80 mm wide and as long as an A4,
// which a roll printer's driver cuts where the receipt ends.
const PRINT_CSS = `
@page { size: 80mm 297mm; margin: 3mm; }
@media print {
  body * { visibility: hidden; }
  #payment-receipt, #payment-receipt * { visibility: visible; }
  #payment-receipt { position: absolute; inset: 0 auto auto 0; width: 74mm; border: 0; box-shadow: none; padding: 0; }
}
`;

/** /admin/customers/receipts/:entryId: a payment's receipt, to print on an 80 mm roll. */
export function PaymentReceiptPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { intlLocale } = useLanguage();
  const { entryId = '' } = useParams();
  const receipt = usePaymentReceipt(entryId);
  const number = receipt.data?.entry.number ?? '';
  useDocumentTitle(number ? t`Receipt ${number}` : t`Receipt`);

  if (receipt.isPending) return <DetailSkeleton label={t`Loading the receipt`} />;
  if (receipt.isError) return <LoadError error={receipt.error} what={t`the receipt`} onRetry={() => void receipt.refetch()} />;
  const { shop, contact, entry, allocations, unallocatedMinor, balanceAfterMinor } = receipt.data;
  const money = (amountMinor: number) => formatMoneyAmount(amountMinor, shop.currencySymbol, shop.currencyDecimals, intlLocale);
  const when = formatDateTime(entry.occurredAt, shop.timeZone, intlLocale);
  const method = isPaymentMethod(entry.method) ? i18n._(PAYMENT_METHOD_LABELS[entry.method]) : (entry.method ?? '');
  const isReceived = entry.side === 'receivable';

  return (
    <div className="grid justify-items-center gap-4">
      <style>{PRINT_CSS}</style>
      <div className="flex w-full max-w-sm flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={`/admin/customers/${encodeURIComponent(contact.id)}?tab=account`} className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
          <ArrowLeftIcon aria-hidden className="size-4" />
          {contact.name}
        </Link>
        <Button onClick={() => window.print()}>
          <PrinterIcon aria-hidden />
          <Trans>Print</Trans>
        </Button>
      </div>
      <article id="payment-receipt" aria-label={t`Receipt ${number}`} className="w-[80mm] max-w-full rounded-md border bg-white p-4 font-mono text-[12px] leading-snug text-black shadow-sm">
        <header className="grid justify-items-center gap-0.5 text-center">
          <h1 className="text-sm font-bold">{shop.name}</h1>
          {shop.receiptHeader && <p className="whitespace-pre-line">{shop.receiptHeader}</p>}
          {shop.kraPin && <p>{t`KRA PIN ${shop.kraPin}`}</p>}
        </header>
        <hr className="my-2 border-dashed border-black" />
        <p className="text-center font-bold">{isReceived ? <Trans>PAYMENT RECEIVED</Trans> : <Trans>PAYMENT MADE</Trans>}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2">
          <dt>
            <Trans>No.</Trans>
          </dt>
          <dd className="text-right">{entry.number}</dd>
          <dt>
            <Trans>Date</Trans>
          </dt>
          <dd className="text-right">{when}</dd>
          <dt>{isReceived ? <Trans>From</Trans> : <Trans>To</Trans>}</dt>
          <dd className="text-right">{contact.name}</dd>
          {contact.phone && (
            <>
              <dt>
                <Trans>Phone</Trans>
              </dt>
              <dd className="text-right">{contact.phone}</dd>
            </>
          )}
          <dt>
            <Trans>Method</Trans>
          </dt>
          <dd className="text-right">{method}</dd>
          {entry.reference && (
            <>
              <dt>
                <Trans>Reference</Trans>
              </dt>
              <dd className="text-right break-all">{entry.reference}</dd>
            </>
          )}
        </dl>
        <hr className="my-2 border-dashed border-black" />
        <p className="flex justify-between text-sm font-bold">
          <span>
            <Trans>Amount</Trans>
          </span>
          <span>{money(Math.abs(entry.amountMinor))}</span>
        </p>
        {allocations.length > 0 && (
          <>
            <p className="mt-2 font-bold">
              <Trans>Applied to</Trans>
            </p>
            <ul>
              {allocations.map((allocation) => (
                <li key={allocation.entryId} className="flex justify-between gap-2">
                  <span>
                    {i18n._(ENTRY_KIND_LABELS[allocation.kind])} {formatDate(allocation.occurredAt, shop.timeZone, intlLocale)}
                  </span>
                  <span>{money(allocation.amountMinor)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {unallocatedMinor > 0 && (
          <p className="flex justify-between">
            <span>
              <Trans>Kept as deposit</Trans>
            </span>
            <span>{money(unallocatedMinor)}</span>
          </p>
        )}
        <hr className="my-2 border-dashed border-black" />
        <p className="flex justify-between font-bold">
          <span>{balanceAfterMinor < 0 ? <Trans>Deposit balance</Trans> : <Trans>Balance now</Trans>}</span>
          <span>{money(Math.abs(balanceAfterMinor))}</span>
        </p>
        {entry.userName && (
          <p className="mt-2">
            <Trans>Served by {entry.userName}</Trans>
          </p>
        )}
        {entry.note && <p className="mt-1 whitespace-pre-line">{entry.note}</p>}
        {shop.receiptFooter && <p className="mt-2 text-center whitespace-pre-line">{shop.receiptFooter}</p>}
      </article>
    </div>
  );
}
