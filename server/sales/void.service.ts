import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fillMessage } from '../../core/i18n/message.rules';
import { mayWorkAt } from '../../core/team/permissions.rules';
import type { Sale, voidSaleInputSchema } from '../../core/sales/sales.schemas';
import { postCreditNote } from '../accounts/account-ledger';
import { postDocument } from '../accounting/post-document';
import { consumeApproval } from '../approvals/approvals.service';
import { recordAudit } from '../audit/audit-events.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { quantityFromNumeric } from '../db/schema/quantity';
import { refundToGiftCard } from '../gift-cards/gift-card-ledger';
import { HttpError, notFound } from '../http/errors';
import { recordMovements } from '../inventory/stock-ledger';
import { queueVoidDocument } from '../etims/etims-outbox';
import { wakeEtimsSigner } from '../etims/etims-worker';
import { adjustPoints, reversePoints } from '../loyalty/loyalty-ledger';
import { requireOpenShift } from '../registers/shifts.service';
import type { SaleActor } from './checkout.service';
import { readSale, withCashierNames } from './sale-read';
import { lockReportSummaries } from '../reports/summaries';

// Voiding a completed sale (issue 15): managers only, while the sale's shift is still open (after
// the close it is history on a Z report: a return undoes it instead). Everything is reversed with
// new entries, never by editing the old ones: the stock comes back ('sale_return' movements with
// source 'sale_void'), the account charge gets a credit note, points earned are taken back and
// points spent given back, gift cards get their money back. M-Pesa codes stay claimed: that money
// moved, and its reversal is done at Safaricom, not here.

export type VoidSaleInput = z.output<typeof voidSaleInputSchema>;

interface SaleToVoid {
  status: string;
  customer_id: string | null;
  receipt_code: string;
  loyalty_points_earned: number;
  has_returns: boolean;
  is_exchange: boolean;
}

export async function voidSale(database: Database, actor: SaleActor, saleId: string, input: VoidSaleInput): Promise<Sale> {
  const sale = await database.withTenant(actor.tenantId, async (tx) => {
    await voidSaleInTx(tx, actor, saleId, input);
    return readSale(tx, saleId);
  });
  wakeEtimsSigner(actor.tenantId);
  const [named] = await withCashierNames(database, [sale!]);
  return named!;
}

async function voidSaleInTx(tx: TenantTx, actor: SaleActor, saleId: string, input: VoidSaleInput): Promise<void> {
  const { tenantId, userId } = actor;
  await lockReportSummaries(tx);
  const [where] = await queryRows<{ shift_id: string; register_id: string; location_id: string }>(
    tx,
    sql`select shift_id, register_id, location_id from sales where id = ${saleId}`,
  );
  // A sale at a location the person does not work at does not exist for them (issue 20).
  if (!where || !mayWorkAt(actor.locationIds, where.location_id)) throw notFound(/*i18n*/ 'Sale not found');
  // The shift FOR SHARE first (as a sale takes it), so its close waits for this void.
  await requireOpenShift(tx, tenantId, where.shift_id, where.register_id).catch((error: unknown) => {
    if (error instanceof HttpError && error.code === 'shift_closed') {
      throw new HttpError('shift_closed', /*i18n*/ 'Only a sale of the open shift can be voided. Make a return instead.');
    }
    throw error;
  });
  // The sale row's lock makes a void and returns of the sale take turns.
  const [sale] = await queryRows<SaleToVoid>(
    tx,
    sql`select status, customer_id, receipt_code, loyalty_points_earned,
               exists (select 1 from sale_returns r where r.sale_id = s.id) as has_returns,
               exists (select 1 from sale_returns r where r.exchange_sale_id = s.id) as is_exchange
        from sales s where id = ${saleId} for update`,
  );
  if (sale!.status === 'voided') throw new HttpError('conflict', /*i18n*/ 'This sale is already voided');
  if (sale!.has_returns) throw new HttpError('conflict', /*i18n*/ 'Goods of this sale were returned: it cannot be voided');
  // Its exchange credit belongs to the return it came with: a return of the sale pays it back instead.
  if (sale!.is_exchange) throw new HttpError('conflict', /*i18n*/ 'This sale was paid by an exchange: make a return instead');
  const approval = input.approvalId ? await consumeApproval(tx, tenantId, input.approvalId, { action: 'void', usedByType: 'sale_void', usedById: saleId }) : null;

  const taken = await queryRows<{ variant_id: string; location_id: string; quantity: string }>(
    tx,
    sql`select variant_id, location_id, quantity::text as quantity from stock_movements
        where source_type = 'sale' and source_id = ${saleId} and kind = 'sale' order by created_at, id`,
  );
  if (taken.length > 0) {
    await recordMovements(
      tx,
      { tenantId, userId, allowNegative: false },
      taken.map((movement) => ({
        variantId: movement.variant_id,
        locationId: movement.location_id,
        kind: 'sale_return' as const,
        quantityMilli: -quantityFromNumeric(movement.quantity),
        sourceType: 'sale_void',
        sourceId: saleId,
        note: input.reason,
      })),
    );
  }

  const reason = fillMessage(/*i18n*/ 'Sale {receipt} voided: {reason}', { receipt: sale!.receipt_code, reason: input.reason });
  const payments = await queryRows<{ tender: string; amount_minor: number; gift_card_id: string | null; loyalty_points: number | null }>(
    tx,
    sql`select tender, amount_minor, gift_card_id, loyalty_points from sale_payments where sale_id = ${saleId} order by seq`,
  );
  const creditMinor = payments.filter((payment) => payment.tender === 'account' || payment.tender === 'deposit').reduce((sum, payment) => sum + payment.amount_minor, 0);
  if (creditMinor > 0) {
    // Settles the charge (the debt goes down); what a deposit paid comes back as a deposit.
    await postCreditNote(tx, { tenantId, contactId: sale!.customer_id!, side: 'receivable', amountMinor: creditMinor, reason, userId, sourceType: 'sale_void', sourceId: saleId });
  }
  const byCard = new Map<string, number>();
  for (const payment of payments) {
    if (payment.tender === 'gift_card' && payment.gift_card_id) byCard.set(payment.gift_card_id, (byCard.get(payment.gift_card_id) ?? 0) + payment.amount_minor);
  }
  for (const [giftCardId, amountMinor] of byCard) {
    await refundToGiftCard(tx, { tenantId, giftCardId, amountMinor, returnRef: `void/${saleId}/${giftCardId}`, userId });
  }
  const pointsSpent = payments.reduce((sum, payment) => sum + (payment.tender === 'loyalty' ? (payment.loyalty_points ?? 0) : 0), 0);
  if (sale!.customer_id && pointsSpent > 0) {
    await adjustPoints(tx, { tenantId, contactId: sale!.customer_id, points: pointsSpent, reason, userId, requestKey: saleId });
  }
  if (sale!.customer_id && sale!.loyalty_points_earned > 0) {
    await reversePoints(tx, { tenantId, contactId: sale!.customer_id, saleRef: saleId, returnRef: 'void', points: sale!.loyalty_points_earned, userId });
  }

  await tx.execute(
    sql`update sales set status = 'voided', voided_at = now(), voided_by = ${userId}, void_reason = ${input.reason},
               void_approval_id = ${input.approvalId}, updated_at = now()
        where id = ${saleId}`,
  );
  await recordAudit(tx, {
    tenantId,
    actorUserId: userId,
    action: 'sale.void',
    entity: 'sale',
    entityId: saleId,
    approvedByUserId: approval?.approverId ?? null,
    details: { receiptCode: sale!.receipt_code, reason: input.reason },
  });
  await postDocument(tx, tenantId, 'sale_void', saleId);
  // The eTIMS credit note of the whole sale (issue 19), sent by the worker after the commit.
  await queueVoidDocument(tx, tenantId, saleId);
}
