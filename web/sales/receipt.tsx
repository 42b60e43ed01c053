import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { drawBarcode } from '../../core/products/barcode-svg.rules';
import { formatQuantity } from '../../core/products/quantity.rules';
import { TENDER_LABELS, type Sale } from '../../core/sales/sales.schemas';
import type { BusinessSettings } from '../../core/settings/settings.schemas';
import { translateMessage } from '../i18n/translate-message';
import { useLanguage } from '../i18n/language-provider';
import { formatDate, formatDateTime, formatMoneyAmount } from '../lib/format';
import { cn } from '../lib/cn';
import { EtimsReceiptSection } from '../etims/etims-receipt-block';

// A sale's printed documents (issue 15): the till receipt on an 80 mm or 58 mm roll and the A4
// invoice for credit sales and business customers. Printing goes through the browser's dialog:
// @page sets the paper, the rest of the app is hidden. Only one document is on a page at a time,
// so its @page rule is the one the browser uses.

export const RECEIPT_ID = 'sale-receipt';
export const INVOICE_ID = 'sale-invoice';

/** A page size takes one or two lengths ("80mm auto" is invalid CSS): the roll's width and an A4's length, cut where the receipt ends. */
export function receiptPrintCss(widthMm: 58 | 80): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a style sheet, not text
  return `
@page { size: ${widthMm}mm 297mm; margin: 3mm; }
@media print {
  body * { visibility: hidden; }
  #${RECEIPT_ID}, #${RECEIPT_ID} * { visibility: visible; }
  #${RECEIPT_ID} { position: absolute; inset: 0 auto auto 0; width: ${widthMm - 6}mm; border: 0; box-shadow: none; padding: 0; }
}
`;
}

const INVOICE_PRINT_CSS = `
@page { size: A4; margin: 15mm; }
@media print {
  body * { visibility: hidden; }
  #${INVOICE_ID}, #${INVOICE_ID} * { visibility: visible; }
  #${INVOICE_ID} { position: absolute; inset: 0 auto auto 0; width: 180mm; border: 0; box-shadow: none; padding: 0; }
}
`;

/** 0.3 mm modules: a receipt code ("T1-000123") is under 45 mm wide, read by the till's scanner. */
const MODULE_MM = 0.3;

/** Whether the sale gets an A4 invoice: bought on account, or by a customer with a KRA PIN (a business). */
export function hasInvoice(sale: Sale): boolean {
  return sale.payments.some((payment) => payment.tender === 'account') || Boolean(sale.customer?.kraPin);
}

function useSaleMoney(shop: BusinessSettings) {
  const { intlLocale } = useLanguage();
  return {
    intlLocale,
    money: (amountMinor: number) => formatMoneyAmount(amountMinor, shop.currencySymbol, shop.currencyDecimals, intlLocale).trim(),
  };
}

const lineName = (line: Sale['lines'][number]) => (line.variantName && line.variantName !== line.productName ? `${line.productName} ${line.variantName}` : line.productName);

function Row({ label, value, className }: { label: ReactNode; value: ReactNode; className?: string }) {
  return (
    <p className={cn('flex justify-between gap-2', className)}>
      <span>{label}</span>
      <span className="text-right tabular-nums">{value}</span>
    </p>
  );
}

/**
 * The till receipt. `copy` marks a reprint. Between the payments and the footer: the sale's eTIMS
 * block (control unit number, signature, QR code; web/etims), or `fiscal` when a caller gives one.
 */
export function SaleReceipt({ sale, shop, widthMm, copy, fiscal }: { sale: Sale; shop: BusinessSettings; widthMm: 58 | 80; copy: boolean; fiscal?: ReactNode }) {
  const { t } = useLingui();
  const { money, intlLocale } = useSaleMoney(shop);
  const barcode = drawBarcode(sale.receiptCode, { barHeightModules: 40, moduleMm: MODULE_MM });
  const barcodeSrc = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(barcode.svg)}`;
  const when = formatDateTime(sale.createdAt, shop.timeZone, intlLocale);
  const code = sale.receiptCode;
  const cashTendered = sale.payments.some((payment) => payment.tender === 'cash' && payment.tenderedMinor !== null);
  return (
    <>
      <style>{receiptPrintCss(widthMm)}</style>
      <article
        id={RECEIPT_ID}
        aria-label={t`Receipt ${code}`}
        data-width-mm={widthMm}
        className={cn('max-w-full rounded-md border bg-white p-3 font-mono leading-snug text-black shadow-sm', widthMm === 80 ? 'text-[12px]' : 'text-[10px]')}
        style={{ width: `${widthMm}mm` }}
      >
        <header className="grid justify-items-center gap-0.5 text-center">
          {shop.companyLogoUrl && <img src={shop.companyLogoUrl} alt="" className="mb-1 max-h-14 max-w-[60%] object-contain grayscale" />}
          <h2 className="text-sm font-bold">{shop.businessName}</h2>
          {shop.receiptHeader && <p className="whitespace-pre-line">{shop.receiptHeader}</p>}
          {shop.kraPin && <p>{t`KRA PIN ${shop.kraPin}`}</p>}
        </header>
        {copy && (
          <p className="mt-2 border-y-2 border-black py-0.5 text-center text-sm font-bold tracking-[0.4em]" data-testid="receipt-copy">
            <Trans>COPY</Trans>
          </p>
        )}
        {sale.status === 'voided' && (
          <p className="mt-2 border-y-2 border-black py-0.5 text-center text-sm font-bold">
            <Trans>VOIDED</Trans>
          </p>
        )}
        <hr className="my-2 border-dashed border-black" />
        <Row label={<Trans>Receipt</Trans>} value={code} className="font-bold" />
        <Row label={<Trans>Date</Trans>} value={when} />
        <Row label={<Trans>Till</Trans>} value={`${sale.registerName}, ${sale.locationName}`} />
        {sale.cashierName && <Row label={<Trans>Cashier</Trans>} value={sale.cashierName} />}
        {sale.customer && <Row label={<Trans>Customer</Trans>} value={sale.customer.name} />}
        <hr className="my-2 border-dashed border-black" />
        <ul className="grid gap-1" aria-label={t`Items`}>
          {sale.lines.map((line) => {
            const quantity = formatQuantity(line.quantityMilli);
            const unit = line.unitName ?? '';
            const price = money(line.unitPriceMinor);
            return (
              <li key={line.id}>
                <Row label={lineName(line)} value={`${money(line.totalMinor)} ${line.taxBand}`} />
                <p className="pl-2 text-[0.9em]">
                  {unit ? `${quantity} ${unit} × ${price}` : `${quantity} × ${price}`}
                  {line.lineDiscountMinor + line.cartDiscountShareMinor > 0 && ` ${t`less ${money(line.lineDiscountMinor + line.cartDiscountShareMinor)}`}`}
                </p>
              </li>
            );
          })}
        </ul>
        <hr className="my-2 border-dashed border-black" />
        {sale.discountMinor > 0 && <Row label={<Trans>Discounts</Trans>} value={money(-sale.discountMinor)} />}
        {sale.tipMinor > 0 && <Row label={<Trans>Tip</Trans>} value={money(sale.tipMinor)} />}
        <Row label={<Trans>TOTAL</Trans>} value={money(sale.totalMinor)} className="text-sm font-bold" />
        <div className="mt-1 grid" aria-label={t`VAT per band`}>
          {Object.entries(sale.taxBands).map(([band, figures]) => {
            const rate = `${figures.rateBp / 100}%`;
            return <Row key={band} label={t`VAT ${band} ${rate} on ${money(figures.grossMinor)}`} value={money(figures.taxMinor)} />;
          })}
        </div>
        <hr className="my-2 border-dashed border-black" />
        {sale.payments.map((payment, index) => (
          <Row
            key={index}
            label={payment.reference ? `${translateMessage(TENDER_LABELS[payment.tender])} ${payment.reference}` : translateMessage(TENDER_LABELS[payment.tender])}
            value={money(payment.tenderedMinor ?? payment.amountMinor)}
          />
        ))}
        {(cashTendered || sale.changeMinor > 0) && <Row label={<Trans>Change</Trans>} value={money(sale.changeMinor)} className="font-bold" />}
        {sale.customer && sale.customerBalanceMinor !== null && (
          <Row label={<Trans>Balance owed now</Trans>} value={money(sale.customerBalanceMinor)} className="mt-1 font-bold" />
        )}
        {sale.loyaltyPointsEarned > 0 && <Row label={<Trans>Loyalty points earned</Trans>} value={sale.loyaltyPointsEarned} />}
        {fiscal ?? (sale.etims && <EtimsReceiptSection sourceId={sale.id} block={sale.etims} timeZone={shop.timeZone} />)}
        <figure className="mt-3 grid justify-items-center gap-0.5">
          <img
            src={barcodeSrc}
            alt={t`Barcode ${code}`}
            data-testid="receipt-barcode"
            className="max-w-none"
            style={{ width: `${barcode.widthModules * MODULE_MM}mm`, height: `${barcode.heightModules * MODULE_MM}mm` }}
          />
          <figcaption className="text-[0.9em]">
            <Trans>Keep this receipt for returns</Trans>
          </figcaption>
        </figure>
        {shop.receiptFooter && <p className="mt-2 text-center whitespace-pre-line">{shop.receiptFooter}</p>}
      </article>
    </>
  );
}

/** The A4 invoice: the shop and the customer (with their KRA PIN), the lines with VAT, what was paid and what is owed. */
export function SaleInvoice({ sale, shop, copy }: { sale: Sale; shop: BusinessSettings; copy: boolean }) {
  const { t } = useLingui();
  const { money, intlLocale } = useSaleMoney(shop);
  const code = sale.receiptCode;
  const onAccount = sale.payments.filter((payment) => payment.tender === 'account').reduce((sum, payment) => sum + payment.amountMinor, 0);
  const paid = sale.totalMinor - onAccount;
  return (
    <>
      <style>{INVOICE_PRINT_CSS}</style>
      <article id={INVOICE_ID} aria-label={t`Invoice ${code}`} className="w-[210mm] max-w-full rounded-md border bg-white p-8 text-[13px] text-black shadow-sm">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid gap-0.5">
            {shop.companyLogoUrl && <img src={shop.companyLogoUrl} alt="" className="mb-2 max-h-16 max-w-48 object-contain" />}
            <h2 className="text-lg font-bold">{shop.businessName}</h2>
            {shop.receiptHeader && <p className="whitespace-pre-line">{shop.receiptHeader}</p>}
            {shop.kraPin && <p>{t`KRA PIN ${shop.kraPin}`}</p>}
          </div>
          <div className="grid justify-items-end gap-0.5 text-right">
            <p className="text-2xl font-bold tracking-wide">
              <Trans>TAX INVOICE</Trans>
            </p>
            {copy && (
              <p className="font-bold tracking-[0.3em]">
                <Trans>COPY</Trans>
              </p>
            )}
            <p>
              <Trans>Invoice {code}</Trans>
            </p>
            <p>{formatDate(sale.createdAt, shop.timeZone, intlLocale)}</p>
          </div>
        </header>
        {sale.customer && (
          <section className="mt-6 grid gap-0.5" aria-label={t`Billed to`}>
            <p className="text-xs font-semibold text-neutral-600 uppercase">
              <Trans>Billed to</Trans>
            </p>
            <p className="font-semibold">{sale.customer.name}</p>
            {sale.customer.phone && <p>{sale.customer.phone}</p>}
            {sale.customer.kraPin && <p>{t`KRA PIN ${sale.customer.kraPin}`}</p>}
          </section>
        )}
        <table className="mt-6 w-full border-collapse text-left">
          <thead>
            <tr className="border-b-2 border-black">
              <th className="py-1 pr-2">
                <Trans>Item</Trans>
              </th>
              <th className="py-1 pr-2 text-right">
                <Trans>Quantity</Trans>
              </th>
              <th className="py-1 pr-2 text-right">
                <Trans>Unit price</Trans>
              </th>
              <th className="py-1 pr-2 text-right">
                <Trans>VAT</Trans>
              </th>
              <th className="py-1 text-right">
                <Trans>Amount</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {sale.lines.map((line) => (
              <tr key={line.id} className="border-b border-neutral-300">
                <td className="py-1 pr-2">{lineName(line)}</td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {formatQuantity(line.quantityMilli)} {line.unitName ?? ''}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">{money(line.unitPriceMinor)}</td>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {line.taxBand} {money(line.taxMinor)}
                </td>
                <td className="py-1 text-right tabular-nums">{money(line.totalMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <section className="mt-4 ml-auto grid w-72 max-w-full gap-0.5">
          {sale.discountMinor > 0 && <Row label={<Trans>Discounts</Trans>} value={money(-sale.discountMinor)} />}
          {Object.entries(sale.taxBands).map(([band, figures]) => {
            const rate = `${figures.rateBp / 100}%`;
            return <Row key={band} label={t`VAT ${band} ${rate} on ${money(figures.grossMinor)}`} value={money(figures.taxMinor)} />;
          })}
          <Row label={<Trans>Total (VAT inclusive)</Trans>} value={money(sale.totalMinor)} className="border-t-2 border-black pt-1 font-bold" />
          <Row label={<Trans>Paid</Trans>} value={money(paid)} />
          <Row label={<Trans>Due on account</Trans>} value={money(onAccount)} className="font-bold" />
          {sale.customerBalanceMinor !== null && <Row label={<Trans>Account balance after this invoice</Trans>} value={money(sale.customerBalanceMinor)} />}
        </section>
        {shop.receiptFooter && <p className="mt-8 text-center whitespace-pre-line">{shop.receiptFooter}</p>}
      </article>
    </>
  );
}
