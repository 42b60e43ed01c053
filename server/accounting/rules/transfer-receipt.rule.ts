import { sql } from 'drizzle-orm';
import { credit, debit } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows, type TenantTx } from '../../db/client';
import { documentInventory } from '../document-inventory';
import { inventoryLines, type InventoryChange } from '../inventory-value';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';
import { stockRoundingLine } from './stock-rule-lines';

// Goods leaving transit (transfer-dispatch.rule.ts put them there): a receipt of (part of) a
// transfer, keyed by the receipt, or a transfer called back to its source, keyed by the transfer.
// Dr inventory where they arrived (its change in value), Cr stock in transit at the cost they left
// with for what arrived and what was lost, Dr shrinkage for the lost part at that cost; the cents
// between the arrival's value and that cost go to stock valuation rounding.
//
// A receipt takes out of transit the rounded cost of every receipt of the transfer up to it less
// that of those before it, so the receipts of a transfer fully received take out exactly what its
// dispatch put in, even with fractions of a cent on each.

interface Arrival {
  transferId: string;
  /** Where the goods arrived: the destination, or the source of a transfer called back. */
  locationId: string;
  day: string;
  memo: string;
  /** Cost of what left transit with this document (arrived or lost). */
  leavingTransitMinor: number;
  lostMinor: number;
  /** Σ quantity × unit cost of the arrival's movements (the history mode's inventory change). */
  arrivedValueMinor: number;
}

interface ArrivalRow {
  transfer_id: string;
  location_id: string;
  from_name: string;
  to_name: string;
  day: string;
  leaving_transit: string;
  lost: string;
  arrived_value: string;
}

const toArrival = (row: ArrivalRow, memo: string): Arrival => ({
  transferId: row.transfer_id,
  locationId: row.location_id,
  day: row.day,
  memo,
  leavingTransitMinor: Number(row.leaving_transit),
  lostMinor: Number(row.lost),
  arrivedValueMinor: Number(row.arrived_value),
});

/**
 * A receipt, with the transfer's receipts numbered in the order they were made. Its arrivals are
 * valued at the unit cost of its transfer_in movements: a variant's n-th receipt line is the n-th
 * transfer_in of that variant at the destination (receipts of a transfer take turns).
 */
async function readReceipt(tx: TenantTx, receiptId: string): Promise<Arrival | null> {
  const [row] = await queryRows<ArrivalRow>(
    tx,
    sql`with receipts as (
          select r.id, r.transfer_id, r.received_at, row_number() over (order by r.received_at, r.id) as ordinal
          from stock_transfer_receipts r
          where r.transfer_id = (select transfer_id from stock_transfer_receipts where id = ${receiptId}::uuid)
        ), receipt as (
          select receipts.*, t.from_location_id, t.to_location_id from receipts join stock_transfers t on t.id = receipts.transfer_id
          where receipts.id = ${receiptId}::uuid
        ), taken as (
          select l.variant_id, o.ordinal, l.received_quantity, l.lost_quantity, sent.unit_cost_minor as sent_cost,
                 row_number() over (partition by l.variant_id order by o.ordinal) as nth
          from stock_transfer_receipt_lines l
          join receipts o on o.id = l.receipt_id
          join stock_movements sent on sent.source_type = 'transfer' and sent.source_id = o.transfer_id and sent.kind = 'transfer_out' and sent.variant_id = l.variant_id
        ), arrived as (
          select m.variant_id, m.unit_cost_minor, row_number() over (partition by m.variant_id order by m.created_at, m.id) as nth
          from stock_movements m join receipt on m.source_id = receipt.transfer_id and m.location_id = receipt.to_location_id
          where m.source_type = 'transfer' and m.kind = 'transfer_in'
        )
        select r.transfer_id, r.to_location_id as location_id, f.name as from_name, d.name as to_name, ${shopDayOf(sql`r.received_at`)} as day,
               (round(coalesce(sum((k.received_quantity + k.lost_quantity) * k.sent_cost) filter (where k.ordinal <= r.ordinal), 0))
                - round(coalesce(sum((k.received_quantity + k.lost_quantity) * k.sent_cost) filter (where k.ordinal < r.ordinal), 0)))::bigint::text as leaving_transit,
               round(coalesce(sum(k.lost_quantity * k.sent_cost) filter (where k.ordinal = r.ordinal), 0))::bigint::text as lost,
               round(coalesce(sum(k.received_quantity * a.unit_cost_minor) filter (where k.ordinal = r.ordinal), 0))::bigint::text as arrived_value
        from receipt r
        join locations f on f.id = r.from_location_id
        join locations d on d.id = r.to_location_id
        left join (taken k left join arrived a on a.variant_id = k.variant_id and a.nth = k.nth) on true
        group by r.transfer_id, r.to_location_id, f.name, d.name, r.received_at, r.ordinal`,
  );
  return row ? toArrival(row, fillMessage(/*i18n*/ 'Transfer received at {to} from {from}', { to: row.to_name, from: row.from_name })) : null;
}

/** A transfer called back before anything arrived: all of it back at the source. */
async function readCancellation(tx: TenantTx, transferId: string): Promise<Arrival | null> {
  const [row] = await queryRows<ArrivalRow>(
    tx,
    sql`select t.id as transfer_id, t.from_location_id as location_id, f.name as from_name, d.name as to_name,
               ${shopDayOf(sql`max(m.created_at) filter (where m.kind = 'transfer_in')`)} as day,
               round(coalesce(sum(-m.quantity * m.unit_cost_minor) filter (where m.kind = 'transfer_out'), 0))::bigint::text as leaving_transit,
               '0' as lost,
               round(coalesce(sum(m.quantity * m.unit_cost_minor) filter (where m.kind = 'transfer_in'), 0))::bigint::text as arrived_value
        from stock_transfers t
        join locations f on f.id = t.from_location_id
        join locations d on d.id = t.to_location_id
        join stock_movements m on m.source_type = 'transfer' and m.source_id = t.id
        where t.id = ${transferId}::uuid and t.status = 'cancelled'
        group by t.id, t.from_location_id, f.name, d.name`,
  );
  return row ? toArrival(row, fillMessage(/*i18n*/ 'Transfer from {from} to {to} called back', { from: row.from_name, to: row.to_name })) : null;
}

export const transferReceiptRule: PostingRule = {
  sourceType: 'transfer_receipt',
  async draft(tx, { tenantId, mode }, sourceId) {
    const arrival = (await readReceipt(tx, sourceId)) ?? (await readCancellation(tx, sourceId));
    if (!arrival) return null;
    const change: InventoryChange =
      mode === 'live'
        ? await documentInventory(tx, tenantId, { movementSourceType: 'transfer', sourceId: arrival.transferId }, mode)
        : { byLocation: new Map([[arrival.locationId, arrival.arrivedValueMinor]]), totalMinor: arrival.arrivedValueMinor };
    const lines = [
      ...inventoryLines(change),
      credit({ key: 'goods_in_transit' }, arrival.leavingTransitMinor),
      debit({ key: 'shrinkage' }, arrival.lostMinor, { locationId: arrival.locationId }),
    ];
    return { sourceType: 'transfer_receipt', sourceId, entryDate: arrival.day, memo: arrival.memo, lines: [...lines, stockRoundingLine(lines, arrival.locationId)] };
  },
  history: sql`select id, received_at as at from stock_transfer_receipts
               union all
               select t.id, max(m.created_at) from stock_transfers t join stock_movements m on m.source_type = 'transfer' and m.source_id = t.id and m.kind = 'transfer_in'
               where t.status = 'cancelled' group by t.id`,
};
