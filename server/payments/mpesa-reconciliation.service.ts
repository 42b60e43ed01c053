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

export async function reconcile(tx: TenantTx, query: { from: string; to: string; by: 'day' | 'shift' }): Promise<MpesaReconciliation> {
  const from = sql`((${query.from}::date)::timestamp at time zone ${zone})`;
  const to = sql`(((${query.to}::date) + 1)::timestamp at time zone ${zone})`;
  const rows =
    query.by === 'day'
      ? await queryRows<Row>(
          tx,
          sql`with tenders as (
                select (s.created_at at time zone ${zone})::date as day, p.amount_minor, p.reference,
                       exists (select 1 from mpesa_payments m where m.trans_id = p.reference) as confirmed
                from sale_payments p join sales s on s.tenant_id = p.tenant_id and s.id = p.sale_id
                where p.tender = 'mpesa' and s.status <> 'voided' and s.created_at >= ${from} and s.created_at < ${to}
              ), received as (
                select (trans_time at time zone ${zone})::date as day, amount_minor, status from mpesa_payments
                where trans_time >= ${from} and trans_time < ${to}
              ), accounts as (
                select (occurred_at at time zone ${zone})::date as day, -amount_minor as amount_minor from account_entries
                where method = 'mpesa' and kind = 'payment' and side = 'receivable' and occurred_at >= ${from} and occurred_at < ${to}
              ), days as (select day from tenders union select day from received union select day from accounts)
              select d.day::text as key, d.day::text as label,
                     (select count(*)::int from received r where r.day = d.day) as received_count,
                     (select coalesce(sum(amount_minor), 0)::text from received r where r.day = d.day) as received_minor,
                     (select coalesce(sum(amount_minor), 0)::text from tenders t where t.day = d.day) as tendered_minor,
                     (select coalesce(sum(amount_minor), 0)::text from accounts a where a.day = d.day) as account_minor,
                     (select count(*)::int from tenders t where t.day = d.day and not t.confirmed) as unconfirmed_count,
                     (select coalesce(sum(amount_minor), 0)::text from tenders t where t.day = d.day and not t.confirmed) as unconfirmed_minor,
                     (select coalesce(sum(amount_minor), 0)::text from received r where r.day = d.day and r.status = 'unallocated') as unallocated_minor,
                     (select coalesce(sum(amount_minor), 0)::text from received r where r.day = d.day and r.status = 'disputed') as disputed_minor
              from days d order by d.day desc`,
        )
      : await queryRows<Row>(
          tx,
          sql`with shift_list as (
                select sh.id, sh.opened_at, r.name as register_name from shifts sh join registers r on r.tenant_id = sh.tenant_id and r.id = sh.register_id
                where sh.opened_at >= ${from} and sh.opened_at < ${to}
              ), tenders as (
                select s.shift_id, p.amount_minor, exists (select 1 from mpesa_payments m where m.trans_id = p.reference) as confirmed
                from sale_payments p join sales s on s.tenant_id = p.tenant_id and s.id = p.sale_id
                where p.tender = 'mpesa' and s.status <> 'voided' and s.shift_id in (select id from shift_list)
              ), received as (
                select s.shift_id, m.amount_minor, m.deposit_minor from mpesa_payments m
                join sales s on s.tenant_id = m.tenant_id and s.id = m.allocated_id and m.allocated_type = 'sale'
                where s.shift_id in (select id from shift_list)
              ), prompts as (
                select q.shift_id, m.amount_minor, m.status from mpesa_stk_requests q
                join mpesa_payments m on m.tenant_id = q.tenant_id and m.stk_request_id = q.id
                where q.shift_id in (select id from shift_list) and m.status <> 'allocated'
              )
              select sl.id::text as key, sl.register_name || ' · ' || to_char(sl.opened_at at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as label,
                     (select count(*)::int from received r where r.shift_id = sl.id) as received_count,
                     (select coalesce(sum(amount_minor), 0)::text from received r where r.shift_id = sl.id) as received_minor,
                     (select coalesce(sum(amount_minor), 0)::text from tenders t where t.shift_id = sl.id) as tendered_minor,
                     (select coalesce(sum(deposit_minor), 0)::text from received r where r.shift_id = sl.id) as account_minor,
                     (select count(*)::int from tenders t where t.shift_id = sl.id and not t.confirmed) as unconfirmed_count,
                     (select coalesce(sum(amount_minor), 0)::text from tenders t where t.shift_id = sl.id and not t.confirmed) as unconfirmed_minor,
                     (select coalesce(sum(amount_minor), 0)::text from prompts p where p.shift_id = sl.id and p.status = 'unallocated') as unallocated_minor,
                     (select coalesce(sum(amount_minor), 0)::text from prompts p where p.shift_id = sl.id and p.status = 'disputed') as disputed_minor
              from shift_list sl order by sl.opened_at desc`,
        );
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
