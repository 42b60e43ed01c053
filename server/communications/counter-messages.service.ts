import { sql } from 'drizzle-orm';
import type { ReceiptMessageInput } from '../../core/communications/communications.schemas';
import { mayWorkAt } from '../../core/team/permissions.rules';
import { queryRows, type TenantTx } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { queueContactMessage } from './automations';
import { money, queueMessage, readShop, renderFor, requireContact, templateFor } from './messages.service';

// What the counter sends a customer who asks (issue 20, docs/decisions/0026-communications.md): a
// sale's receipt by SMS or WhatsApp, to the sale's customer or a phone typed in, and a customer's
// statement, balance reminder or loyalty points. A receipt to someone who opted out of the channel
// is refused with nothing queued, so the cashier sees why at once; a retried request answers the
// message already queued.

const OPTED_OUT_OF = {
  sms: /*i18n*/ 'The customer opted out of SMS, so the receipt was not sent',
  whatsapp: /*i18n*/ 'The customer opted out of WhatsApp messages, so the receipt was not sent',
} as const;

/** Whether the sale's customer, or any customer with this phone (a STOP reply opts out every one), opted out of the channel. */
async function optedOut(tx: TenantTx, channel: ReceiptMessageInput['channel'], who: { contactId: string | null; phone: string }): Promise<boolean> {
  const [row] = await queryRows<{ opted_out: boolean }>(
    tx,
    sql`select exists (select 1 from contact_consents k join contacts c on c.id = k.contact_id
                        where k.channel = ${channel} and k.status = 'opted_out' and (c.id = ${who.contactId}::uuid or c.phone = ${who.phone})) as opted_out`,
  );
  return row!.opted_out;
}

/**
 * Queues the sale's receipt (the shop's receipt template with the sale's total) and answers the
 * message's id. 404 for another shop's sale or one at a location the member may not work at.
 */
export async function queueReceipt(
  tx: TenantTx,
  tenantId: string,
  saleId: string,
  input: ReceiptMessageInput,
  member: { userId: string; locationIds: readonly string[] | null },
): Promise<string> {
  const [sale] = await queryRows<{
    receipt_code: string;
    total_minor: number;
    location_id: string;
    customer_id: string | null;
    customer_name: string | null;
    customer_phone: string | null;
  }>(
    tx,
    sql`select s.receipt_code, s.total_minor, s.location_id, s.customer_id, c.name as customer_name, c.phone as customer_phone
          from sales s left join contacts c on c.id = s.customer_id where s.id = ${saleId}`,
  );
  if (!sale || !mayWorkAt(member.locationIds, sale.location_id)) throw notFound(/*i18n*/ 'Sale not found');
  const recipient = input.phone ?? sale.customer_phone;
  if (!recipient) {
    const field = sale.customer_id ? /*i18n*/ 'The customer has no phone number: type one' : /*i18n*/ 'Type the customer’s phone number';
    throw new HttpError('validation_failed', field, { phone: [field] });
  }
  if (await optedOut(tx, input.channel, { contactId: sale.customer_id, phone: recipient })) throw new HttpError('unprocessable', OPTED_OUT_OF[input.channel]);
  const shop = await readShop(tx, tenantId);
  const template = await templateFor(tx, 'receipt', input.channel, shop.language);
  const rendered = renderFor(template.body, {
    customer_name: sale.customer_name ?? '',
    shop_name: shop.name,
    receipt_number: sale.receipt_code,
    receipt_total: money(shop, sale.total_minor),
  });
  const queued = await queueMessage(tx, tenantId, {
    channel: input.channel,
    kind: 'receipt',
    contactId: sale.customer_id,
    recipient,
    body: rendered.text,
    language: shop.language,
    whatsappTemplate: template.whatsappTemplate,
    templateParams: rendered.params,
    dedupeKey: `receipt:${saleId}:${input.channel}:${recipient}`,
    createdBy: member.userId,
  });
  return queued.id;
}

/** Queues a customer's statement, balance reminder or loyalty points (opted out: a skipped row says so). */
export async function queueCustomerMessage(
  tx: TenantTx,
  tenantId: string,
  request: { kind: 'debt_reminder' | 'statement' | 'loyalty_balance'; channel: 'sms' | 'whatsapp' | 'email'; contactId: string },
  createdBy: string,
): Promise<string> {
  const shop = await readShop(tx, tenantId);
  const queued = await queueContactMessage(tx, tenantId, shop, { ...request, dedupeKey: null, createdBy });
  if (queued) return queued.id;
  await requireContact(tx, request.contactId);
  throw new HttpError('unprocessable', request.channel === 'email' ? /*i18n*/ 'This customer has no e-mail address' : /*i18n*/ 'This customer has no phone number');
}
