import { sql } from 'drizzle-orm';
import { escapeFormula, serializeCsv } from '../../core/products/csv.rules';
import type { MpesaReconciliation, MpesaPaymentListQuery } from '../../core/payments/mpesa.schemas';
import { queryRows, type TenantTx } from '../db/client';
import { listPayments } from './mpesa-payments.service';

// M-Pesa reconciliation (issue 19): what Safaricom says the shop received against the M-Pesa
// tenders the tills took, per day or per shift. "Unconfirmed" tenders carry a code Safaricom never
// told us about (typed by hand): the first thing to check when the figures differ.

const zone = sql`coalesce((select time_zone from business_settings limit 1), 'Africa/Nairobi')`;

interface Row {
  key: string;
  label: string;
  received_count: number;
  received_minor: string;
  tendered_minor: string;
  account_minor: string;
  unconfirmed_count: number;
  unconfirmed_minor: string;
  unallocated_minor: string;
  disputed_minor: string;
}

/**
 * Both views share one select over the same CTE names, each keyed by `k`: tenders (M-Pesa tenders on
 * sales, confirmed when Safaricom told us of the code), received (payments Safaricom confirmed),
 * accounts (M-Pesa paid into customer accounts), open (payments still unallocated or disputed) and
 * keys (the rows, with their label and order).
 */
const FIGURES = sql`select k.k as key, k.label,
       (select count(*)::int from received r where r.k = k.k) as received_count,
       (select coalesce(sum(amount_minor), 0)::text from received r where r.k = k.k) as received_minor,
       (select coalesce(sum(amount_minor), 0)::text from tenders t where t.k = k.k) as tendered_minor,
       (select coalesce(sum(amount_minor), 0)::text from accounts a where a.k = k.k) as account_minor,
       (select count(*)::int from tenders t where t.k = k.k and not t.confirmed) as unconfirmed_count,
       (select coalesce(sum(amount_minor), 0)::text from tenders t where t.k = k.k and not t.confirmed) as unconfirmed_minor,
       (select coalesce(sum(amount_minor), 0)::text from open o where o.k = k.k and o.status = 'unallocated') as unallocated_minor,
       (select coalesce(sum(amount_minor), 0)::text from open o where o.k = k.k and o.status = 'disputed') as disputed_minor
  from keys k order by k.sort desc`;

const confirmed = sql`exists (select 1 from mpesa_payments m where m.trans_id = p.reference)`;

export async function reconcile(tx: TenantTx, query: { from: string; to: string; by: 'day' | 'shift' }): Promise<MpesaReconciliation> {
  const from = sql`((${query.from}::date)::timestamp at time zone ${zone})`;
  const to = sql`(((${query.to}::date) + 1)::timestamp at time zone ${zone})`;
  // By day: what arrived that day (shop time). By shift: what the shift's sales took, the deposits
  // split off them, and its prompts' payments still waiting.
  const ctes =
    query.by === 'day'
      ? sql`with tenders as (
              select (s.created_at at time zone ${zone})::date::text as k, p.amount_minor, ${confirmed} as confirmed
              from sale_payments p join sales s on s.tenant_id = p.tenant_id and s.id = p.sale_id
              where p.tender = 'mpesa' and s.status <> 'voided' and s.created_at >= ${from} and s.created_at < ${to}
            ), received as (
              select (trans_time at time zone ${zone})::date::text as k, amount_minor, status from mpesa_payments
              where trans_time >= ${from} and trans_time < ${to}
            ), accounts as (
              select (occurred_at at time zone ${zone})::date::text as k, -amount_minor as amount_minor from account_entries
              where method = 'mpesa' and kind = 'payment' and side = 'receivable' and occurred_at >= ${from} and occurred_at < ${to}
            ), open as (select k, amount_minor, status from received),
            keys as (select k, k as label, k as sort from (select k from tenders union select k from received union select k from accounts) d)`
      : sql`with shift_list as (
              select sh.id, sh.opened_at, r.name as register_name from shifts sh join registers r on r.tenant_id = sh.tenant_id and r.id = sh.register_id
              where sh.opened_at >= ${from} and sh.opened_at < ${to}
            ), tenders as (
              select s.shift_id::text as k, p.amount_minor, ${confirmed} as confirmed
              from sale_payments p join sales s on s.tenant_id = p.tenant_id and s.id = p.sale_id
              where p.tender = 'mpesa' and s.status <> 'voided' and s.shift_id in (select id from shift_list)
            ), received as (
              select s.shift_id::text as k, m.amount_minor, m.deposit_minor from mpesa_payments m
              join sales s on s.tenant_id = m.tenant_id and s.id = m.allocated_id and m.allocated_type = 'sale'
              where s.shift_id in (select id from shift_list)
            ), accounts as (select k, deposit_minor as amount_minor from received),
            open as (
              select q.shift_id::text as k, m.amount_minor, m.status from mpesa_stk_requests q
              join mpesa_payments m on m.tenant_id = q.tenant_id and m.stk_request_id = q.id
              where q.shift_id in (select id from shift_list) and m.status <> 'allocated'
            ), keys as (
              select id::text as k, register_name || ' · ' || to_char(opened_at at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as label, opened_at::text as sort
              from shift_list
            )`;
  const rows = await queryRows<Row>(tx, sql`${ctes} ${FIGURES}`);
  return {
    rows: rows.map((row) => ({
      key: row.key,
      label: row.label,
      receivedCount: Number(row.received_count),
      receivedMinor: Number(row.received_minor),
      tenderedMinor: Number(row.tendered_minor),
      accountMinor: Number(row.account_minor),
      unconfirmedCount: Number(row.unconfirmed_count),
      unconfirmedMinor: Number(row.unconfirmed_minor),
      unallocatedMinor: Number(row.unallocated_minor),
      disputedMinor: Number(row.disputed_minor),
    })),
  };
}

const CSV_PAGE = 100;
const CSV_MAX_ROWS = 20_000;

/** The payments of the list's filters as CSV (amounts in major units with two decimals, times in UTC). */
export async function paymentsCsv(tx: TenantTx, query: MpesaPaymentListQuery): Promise<string> {
  const records: string[][] = [['code', 'received_at', 'amount', 'source', 'status', 'payer', 'phone', 'bill_ref', 'allocated_to', 'deposit', 'dispute_note']];
  const decimal = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
  for (let page = 1; (page - 1) * CSV_PAGE < CSV_MAX_ROWS; page += 1) {
    const { items } = await listPayments(tx, { ...query, page, pageSize: CSV_PAGE });
    for (const item of items) {
      records.push(
        [item.transId, item.transTime, decimal(item.amountMinor), item.source, item.status, item.payerName ?? '', item.msisdn ?? '', item.billRef ?? '',
          item.allocatedType ? `${item.allocatedType}:${item.allocatedId}` : '', decimal(item.depositMinor), item.disputeNote ?? ''].map(escapeFormula),
      );
    }
    if (items.length < CSV_PAGE) break;
  }
  return serializeCsv(records);
}
