import type { I18n } from '@lingui/core';
import type { z } from 'zod';
import type { Locale } from '../../core/i18n/locale.rules';
import type { PurchaseOrder, purchaseOrderSendSchema } from '../../core/purchases/purchases.schemas';
import type { EmailMessage } from '../email/email.service';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import type { DocumentReader } from '../inventory/inventory-documents';
import { emailLanguage } from '../i18n/email-language';
import { isSendable, NOT_SENDABLE, recordSent } from './purchase-orders.service';
import { purchaseOrderFileName, purchaseOrderText, readPurchaseOrderDocument, renderPurchaseOrderPdf, type PurchaseOrderDocument } from './purchase-order.pdf';

// Sending an order to its supplier (issue 16): by e-mail with the PDF attached, in the supplier's
// language (the outbox without SMTP), or printed or shared by the user. Either way the order is
// recorded as sent now, and a draft becomes ordered.

type SendInput = z.output<typeof purchaseOrderSendSchema>;

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function purchaseOrderEmail(i18n: I18n, document: PurchaseOrderDocument, input: { to: string; message: string | null; pdf: Uint8Array }): EmailMessage {
  const { order, shop } = document;
  const locale = i18n.locale as Locale;
  const subject = i18n._({ id: 'purchaseOrder.email.subject', message: 'Purchase order {number} from {shop}', values: { number: order.number, shop: shop.name } });
  const paragraphs = [
    i18n._({ id: 'purchaseOrder.email.dear', message: 'Dear {name},', values: { name: order.supplier.name } }),
    i18n._({ id: 'purchaseOrder.email.body', message: 'Please find our purchase order {number} attached as a PDF.', values: { number: order.number } }),
    ...(input.message ? [input.message] : []),
    purchaseOrderText(document, i18n),
  ];
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f6f5;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c2b24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #dfe7e3">
<tr><td style="padding:24px 28px;border-bottom:1px solid #dfe7e3;font-weight:700;font-size:18px;color:#166534">${escapeHtml(shop.name)}</td></tr>
<tr><td style="padding:28px">
${paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5;white-space:pre-line">${escapeHtml(p)}</p>`).join('\n')}
</td></tr></table></td></tr></table></body></html>`;
  return {
    kind: 'purchase_order',
    to: input.to,
    subject,
    text: [...paragraphs, '', `— ${shop.name}`].join('\n\n'),
    html,
    attachments: [{ filename: purchaseOrderFileName(order), contentType: 'application/pdf', content: input.pdf }],
  };
}

/**
 * E-mails the order (to `email`, else the supplier's address; 400 without either) or records that
 * it was printed or shared. The e-mail goes first and the status after, under the order's lock:
 * the outbox is written in a transaction of its own.
 */
export async function sendPurchaseOrder(deps: AppDependencies, reader: DocumentReader, orderId: string, input: SendInput): Promise<PurchaseOrder> {
  const { tenantId } = reader;
  if (input.via === 'email') {
    const document = await readPurchaseOrderDocument(deps, reader, orderId);
    if (!isSendable(document.order.status)) throw new HttpError('conflict', NOT_SENDABLE);
    const recipient = input.email ?? document.order.supplier.email;
    if (!recipient) {
      throw new HttpError('validation_failed', /*i18n*/ 'This supplier has no e-mail address: enter one', { email: [/*i18n*/ 'This supplier has no e-mail address: enter one'] });
    }
    const i18n = deps.i18n.of(await emailLanguage(deps.database, { email: recipient }, { tenantId }));
    const pdf = await renderPurchaseOrderPdf(document, i18n);
    await deps.mailer.send({ ...purchaseOrderEmail(i18n, document, { to: recipient, message: input.message, pdf }), tenantId });
  }
  return recordSent(deps.database, reader, orderId);
}
