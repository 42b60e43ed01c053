import type { I18n } from '@lingui/core';
import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { INTL_LOCALES, type Locale } from '../../core/i18n/locale.rules';
import { formatQuantity } from '../../core/products/quantity.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { receiptEmailResultSchema, saleActivitySchema, type ReceiptEmailResult } from '../../core/sales/sale-activity.schemas';
import type { EtimsReceiptBlock } from '../../core/etims/etims.schemas';
import { emailReceiptInputSchema, type RefundTender, type Sale } from '../../core/sales/sales.schemas';
import { queryRows } from '../db/client';
import type { EmailMessage } from '../email/email.service';
import type { AppDependencies } from '../http/context';
import { notFound } from '../http/errors';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { emailLanguage } from '../i18n/email-language';
import { readSaleActivity } from './sale-activity';
import { readSale, withCashierNames } from './sale-read';

// A sale's receipt by e-mail (issue 15) and what its page shows beside it (stock movements,
// approvals). The e-mail is the receipt as printed, in the recipient's language (their own choice
// if they have an account, else the shop's default language); without SMTP it lands in the outbox.

interface ReceiptShop {
  name: string;
  currencyCode: string;
  currencyDecimals: number;
  timeZone: string;
  kraPin: string | null;
  receiptHeader: string | null;
  receiptFooter: string | null;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function tenderLabel(i18n: I18n, tender: RefundTender): string {
  const labels: Record<RefundTender, string> = {
    cash: i18n._({ id: 'receipt.email.tender.cash', message: 'Cash' }),
    mpesa: i18n._({ id: 'receipt.email.tender.mpesa', message: 'M-Pesa' }),
    card: i18n._({ id: 'receipt.email.tender.card', message: 'Card' }),
    bank_transfer: i18n._({ id: 'receipt.email.tender.bank_transfer', message: 'Bank transfer' }),
    account: i18n._({ id: 'receipt.email.tender.account', message: 'On account' }),
    deposit: i18n._({ id: 'receipt.email.tender.deposit', message: 'Customer deposit' }),
    gift_card: i18n._({ id: 'receipt.email.tender.gift_card', message: 'Gift card' }),
    loyalty: i18n._({ id: 'receipt.email.tender.loyalty', message: 'Loyalty points' }),
    exchange: i18n._({ id: 'receipt.email.tender.exchange', message: 'Exchange credit' }),
  };
  return labels[tender];
}

/**
 * The receipt's eTIMS block (issue 19) as the printed receipt has it: "eTIMS pending" until KRA's
 * control unit signs the invoice, then its numbers, internal data and signature, and KRA's
 * verification link (a link in an e-mail, where the paper receipt prints its QR code).
 */
function etimsFacts(i18n: I18n, block: EtimsReceiptBlock, timeZone: string) {
  if (block.status !== 'signed') {
    return {
      heading: i18n._({ id: 'receipt.email.etims.pending', message: 'eTIMS pending' }),
      facts: [[i18n._({ id: 'receipt.email.etims.invoice', message: 'eTIMS invoice number' }), String(block.invoiceNumber)]] as Array<[string, string]>,
      link: null,
    };
  }
  const facts: Array<[string, string]> = [
    [i18n._({ id: 'receipt.email.etims.cu_invoice', message: 'CU invoice number' }), `${block.sdcId ?? ''}/${block.receiptNumber ?? ''}`],
    [i18n._({ id: 'receipt.email.etims.receipt_number', message: 'Receipt number' }), `${block.receiptNumber ?? ''}/${block.totalReceiptNumber ?? ''} ${block.receiptTypeLabel}`],
  ];
  if (block.controlUnitTime) {
    const at = new Intl.DateTimeFormat(INTL_LOCALES[i18n.locale as Locale], { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(new Date(block.controlUnitTime));
    facts.push([i18n._({ id: 'receipt.email.etims.cu_time', message: 'CU date and time' }), at]);
  }
  if (block.mrcNo) facts.push([i18n._({ id: 'receipt.email.etims.mrc', message: 'MRC number' }), block.mrcNo]);
  if (block.internalData) facts.push([i18n._({ id: 'receipt.email.etims.internal_data', message: 'Internal data' }), block.internalData]);
  if (block.receiptSignature) facts.push([i18n._({ id: 'receipt.email.etims.signature', message: 'Receipt signature' }), block.receiptSignature]);
  return {
    heading:
      block.environment === 'simulated'
        ? i18n._({ id: 'receipt.email.etims.simulated', message: 'eTIMS simulated — not a tax invoice' })
        : i18n._({ id: 'receipt.email.etims.heading', message: 'Control unit information' }),
    facts,
    link: block.verificationUrl ? { url: block.verificationUrl, label: i18n._({ id: 'receipt.email.etims.verify', message: 'Verify this receipt with KRA' }) } : null,
  };
}

/** The receipt as an e-mail: the same lines, totals, VAT per band and payments as the printed one. */
export function receiptEmail(i18n: I18n, shop: ReceiptShop, sale: Sale, to: string): EmailMessage {
  const locale = i18n.locale as Locale;
  const money = (amountMinor: number) => formatMinorUnits(amountMinor, shop.currencyCode, shop.currencyDecimals, INTL_LOCALES[locale]);
  const when = new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: shop.timeZone }).format(new Date(sale.createdAt));
  const subject = i18n._({ id: 'receipt.email.subject', message: 'Your receipt {code} from {shop}', values: { code: sale.receiptCode, shop: shop.name } });
  const intro = i18n._({ id: 'receipt.email.intro', message: 'Thank you for shopping at {shop}. Here is your receipt.', values: { shop: shop.name } });
  const facts: Array<[string, string]> = [
    [i18n._({ id: 'receipt.email.receipt', message: 'Receipt' }), sale.receiptCode],
    [i18n._({ id: 'receipt.email.date', message: 'Date' }), when],
    [i18n._({ id: 'receipt.email.register', message: 'Till' }), `${sale.registerName}, ${sale.locationName}`],
  ];
  if (sale.cashierName) facts.push([i18n._({ id: 'receipt.email.cashier', message: 'Served by' }), sale.cashierName]);
  if (shop.kraPin) facts.push([i18n._({ id: 'receipt.email.kra_pin', message: 'KRA PIN' }), shop.kraPin]);
  const lines = sale.lines.map((line) => {
    const name = line.variantName && line.variantName !== line.productName ? `${line.productName} (${line.variantName})` : line.productName;
    const quantity = `${formatQuantity(line.quantityMilli)}${line.unitName ? ` ${line.unitName}` : ''} × ${money(line.unitPriceMinor)}`;
    return { name: `${name} ${line.taxBand}`, detail: quantity, amount: money(line.totalMinor) };
  });
  const totals: Array<[string, string]> = [];
  if (sale.discountMinor > 0) totals.push([i18n._({ id: 'receipt.email.discounts', message: 'Discounts' }), money(-sale.discountMinor)]);
  if (sale.tipMinor > 0) totals.push([i18n._({ id: 'receipt.email.tip', message: 'Tip' }), money(sale.tipMinor)]);
  totals.push([i18n._({ id: 'receipt.email.total', message: 'Total' }), money(sale.totalMinor)]);
  for (const [band, figures] of Object.entries(sale.taxBands)) {
    const rate = `${figures.rateBp / 100}%`;
    totals.push([i18n._({ id: 'receipt.email.vat_band', message: 'VAT {band} {rate} on {gross}', values: { band, rate, gross: money(figures.grossMinor) } }), money(figures.taxMinor)]);
  }
  for (const payment of sale.payments) {
    const label = payment.reference ? `${tenderLabel(i18n, payment.tender)} ${payment.reference}` : tenderLabel(i18n, payment.tender);
    totals.push([label, money(payment.tenderedMinor ?? payment.amountMinor)]);
  }
  if (sale.changeMinor > 0) totals.push([i18n._({ id: 'receipt.email.change', message: 'Change' }), money(sale.changeMinor)]);
  if (sale.customer && sale.customerBalanceMinor !== null) {
    totals.push([i18n._({ id: 'receipt.email.balance', message: '{name}: balance owed', values: { name: sale.customer.name } }), money(sale.customerBalanceMinor)]);
  }
  if (sale.loyaltyPointsEarned > 0) {
    totals.push([i18n._({ id: 'receipt.email.points', message: 'Loyalty points earned' }), String(sale.loyaltyPointsEarned)]);
  }
  const etims = sale.etims ? etimsFacts(i18n, sale.etims, shop.timeZone) : null;
  const cell = 'padding:4px 0;vertical-align:top';
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f6f5;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c2b24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:420px;background:#ffffff;border-radius:12px;border:1px solid #dfe7e3">
<tr><td style="padding:20px 24px;border-bottom:1px solid #dfe7e3;text-align:center"><div style="font-weight:700;font-size:18px;color:#166534">${escapeHtml(shop.name)}</div>${
    shop.receiptHeader ? `<div style="white-space:pre-line;font-size:13px">${escapeHtml(shop.receiptHeader)}</div>` : ''
  }</td></tr>
<tr><td style="padding:20px 24px;font-size:14px">
<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${facts.map(([label, value]) => `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${cell};text-align:right">${escapeHtml(value)}</td></tr>`).join('')}</table>
<hr style="border:0;border-top:1px dashed #1c2b24;margin:12px 0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${lines
    .map((line) => `<tr><td style="${cell}">${escapeHtml(line.name)}<br><span style="color:#51655b;font-size:12px">${escapeHtml(line.detail)}</span></td><td style="${cell};text-align:right">${escapeHtml(line.amount)}</td></tr>`)
    .join('')}</table>
<hr style="border:0;border-top:1px dashed #1c2b24;margin:12px 0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${totals.map(([label, value]) => `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${cell};text-align:right">${escapeHtml(value)}</td></tr>`).join('')}</table>
${
    etims
      ? `<hr style="border:0;border-top:1px dashed #1c2b24;margin:12px 0">${etims.heading ? `<p style="margin:0 0 8px;text-align:center;font-weight:700">${escapeHtml(etims.heading)}</p>` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${etims.facts
          .map(([label, value]) => `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${cell};text-align:right;word-break:break-all">${escapeHtml(value)}</td></tr>`)
          .join('')}</table>${etims.link ? `<p style="margin:8px 0 0;text-align:center"><a href="${escapeHtml(etims.link.url)}" style="color:#166534">${escapeHtml(etims.link.label)}</a></p>` : ''}`
      : ''
  }
${shop.receiptFooter ? `<p style="margin:16px 0 0;text-align:center;white-space:pre-line">${escapeHtml(shop.receiptFooter)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    shop.name,
    ...(shop.receiptHeader ? [shop.receiptHeader] : []),
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...lines.map((line) => `${line.name}\n  ${line.detail}  ${line.amount}`),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    ...(etims
      ? ['', ...(etims.heading ? [etims.heading] : []), ...etims.facts.map(([label, value]) => `${label}: ${value}`), ...(etims.link ? [`${etims.link.label}: ${etims.link.url}`] : [])]
      : []),
    ...(shop.receiptFooter ? ['', shop.receiptFooter] : []),
  ].join('\n');
  return { kind: 'sale_receipt', to, subject, text, html };
}

/** Reads the sale and the shop, and hands the receipt to the mailer (the outbox without SMTP). */
export async function emailReceipt(deps: AppDependencies, tenantId: string, saleId: string, email: string): Promise<ReceiptEmailResult> {
  const found = await deps.database.withTenant(tenantId, async (tx) => {
    const sale = await readSale(tx, saleId);
    if (!sale) return null;
    const [shop] = await queryRows<{ name: string; currency_code: string; currency_decimals: number; time_zone: string; kra_pin: string | null; receipt_header: string | null; receipt_footer: string | null }>(
      tx,
      sql`select t.name, bs.currency_code, bs.currency_decimals, bs.time_zone, bs.kra_pin, bs.receipt_header, bs.receipt_footer
            from tenants t left join business_settings bs on bs.tenant_id = t.id where t.id = ${tenantId}`,
    );
    return { sale, shop: shop! };
  });
  if (!found) throw notFound(/*i18n*/ 'Sale not found');
  const [sale] = await withCashierNames(deps.database, [found.sale]);
  const shop: ReceiptShop = {
    name: found.shop.name,
    currencyCode: found.shop.currency_code ?? 'KES',
    currencyDecimals: found.shop.currency_decimals ?? 2,
    timeZone: found.shop.time_zone ?? 'Africa/Nairobi',
    kraPin: found.shop.kra_pin,
    receiptHeader: found.shop.receipt_header,
    receiptFooter: found.shop.receipt_footer,
  };
  const language = await emailLanguage(deps.database, { email }, { tenantId });
  await deps.mailer.send({ ...receiptEmail(deps.i18n.of(language), shop, sale!, email), tenantId });
  return { sentTo: email, language };
}

const idParams = { params: z.object({ id: z.uuid() }) };
const notFoundResponse = errorResponse('Not found (or another shop’s)');

export const receiptEmailRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'post',
      path: '/api/sales/{id}/email',
      tags: ['sales'],
      summary: 'E-mail the sale’s receipt, in the recipient’s language (their own choice, else the shop’s default)',
      request: { ...idParams, ...jsonBody(emailReceiptInputSchema) },
      responses: { 202: jsonResponse(receiptEmailResultSchema, 'Handed to the mailer'), 400: errorResponse('Invalid e-mail address'), 404: notFoundResponse },
    }),
    async (c) => c.json(await emailReceipt(c.var.deps, c.var.tenantId, c.req.valid('param').id, c.req.valid('json').email), 202),
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'get',
      path: '/api/sales/{id}/activity',
      tags: ['sales'],
      summary: 'What a sale’s page shows beside it: the stock movements of the sale, its returns and void, and the approvals they used',
      request: idParams,
      responses: { 200: jsonResponse(saleActivitySchema, 'Movements and approvals'), 404: notFoundResponse },
    }),
    async (c) => {
      const activity = await readSaleActivity(c.var.deps.database, c.var.tenantId, c.req.valid('param').id);
      if (!activity) throw notFound(/*i18n*/ 'Sale not found');
      return c.json(activity, 200);
    },
  ),
];
