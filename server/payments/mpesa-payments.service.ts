import { sql, type SQL } from 'drizzle-orm';
import type { MpesaPayment, MpesaPaymentListQuery } from '../../core/payments/mpesa.schemas';
import { fillMessage } from '../../core/i18n/message.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { postDocument } from '../accounting/post-document';
import { recordPayment } from '../accounts/account-ledger';
import { queryRows, type TenantTx } from '../db/client';
import { HttpError, notFound } from '../http/errors';

// Payments received on M-Pesa (issue 19, docs/decisions/0022-mpesa-daraja.md): one row per receipt
// number and shop, whoever told us first (STK callback, C2B confirmation, a status query). A
// payment is spent once: its code goes through the shop's code registry (mpesa-codes.ts), which
// allocates it here in the same transaction. Nothing matches a payment by itself: the cashier
// picks it (the inbox) or types its code, and the payer's number is never used to match.

export interface ReceivedPayment {
  transId: string;
  source: 'stk' | 'c2b' | 'status_query';
  simulated: boolean;
  amountMinor: number;
  msisdn: string | null;
  payerName: string | null;
  transTime: Date;
  billRef: string | null;
  businessShortCode: string | null;
  settingsId: string | null;
  stkRequestId: string | null;
  raw: unknown;
}

interface PaymentRow {
  id: string;
  trans_id: string;
  source: MpesaPayment['source'];
  simulated: boolean;
  amount_minor: number;
  msisdn: string | null;
  payer_name: string | null;
  trans_time: Date | string;
  bill_ref: string | null;
  status: MpesaPayment['status'];
  allocated_type: string | null;
  allocated_id: string | null;
  allocated_at: Date | string | null;
  deposit_minor: number;
  dispute_note: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function paymentView(row: PaymentRow): MpesaPayment {
  return {
    id: row.id,
    transId: row.trans_id,
    source: row.source,
    simulated: row.simulated,
    amountMinor: Number(row.amount_minor),
    msisdn: row.msisdn,
    payerName: row.payer_name,
    transTime: iso(row.trans_time)!,
    billRef: row.bill_ref,
    status: row.status,
    allocatedType: row.allocated_type,
    allocatedId: row.allocated_id,
    allocatedAt: iso(row.allocated_at),
    depositMinor: Number(row.deposit_minor),
    disputeNote: row.dispute_note,
  };
}

const PAYMENT_COLUMNS = sql`id, trans_id, source, simulated, amount_minor, msisdn, payer_name, trans_time, bill_ref, status,
  allocated_type, allocated_id, allocated_at, deposit_minor, dispute_note`;

/** Stores a payment once per receipt number (a repeat changes nothing); answers its id. */
export async function recordReceivedPayment(tx: TenantTx, tenantId: string, payment: ReceivedPayment): Promise<{ id: string; created: boolean }> {
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`insert into mpesa_payments (tenant_id, trans_id, source, simulated, amount_minor, msisdn, payer_name, trans_time, bill_ref,
                                    business_short_code, settings_id, stk_request_id, raw)
        values (${tenantId}, ${payment.transId}, ${payment.source}, ${payment.simulated}, ${payment.amountMinor}, ${payment.msisdn},
                ${payment.payerName}, ${payment.transTime.toISOString()}, ${payment.billRef}, ${payment.businessShortCode},
                ${payment.settingsId}, ${payment.stkRequestId}, ${JSON.stringify(payment.raw)}::jsonb)
        on conflict (tenant_id, trans_id) do nothing
        returning id`,
  );
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [existing] = await queryRows<{ id: string }>(tx, sql`select id from mpesa_payments where trans_id = ${payment.transId}`);
  return { id: existing!.id, created: false };
}

export async function readPayment(tx: TenantTx, paymentId: string): Promise<MpesaPayment | null> {
  const [row] = await queryRows<PaymentRow>(tx, sql`select ${PAYMENT_COLUMNS} from mpesa_payments where id = ${paymentId}::uuid`);
  return row ? paymentView(row) : null;
}

export async function readPaymentByCode(tx: TenantTx, code: string): Promise<MpesaPayment | null> {
  const [row] = await queryRows<PaymentRow>(tx, sql`select ${PAYMENT_COLUMNS} from mpesa_payments where trans_id = ${code}`);
  return row ? paymentView(row) : null;
}

/** The payments list: the register's inbox (unallocated, an amount, the last minutes) and the reconciliation's. */
export async function listPayments(tx: TenantTx, query: MpesaPaymentListQuery) {
  const timeZone = sql`coalesce((select time_zone from business_settings limit 1), 'Africa/Nairobi')`;
  const filters: SQL[] = [sql`true`];
  if (query.status) filters.push(sql`status = ${query.status}`);
  if (query.amountMinor) filters.push(sql`amount_minor = ${query.amountMinor}`);
  if (query.sinceMinutes) filters.push(sql`trans_time >= now() - make_interval(mins => ${query.sinceMinutes})`);
  if (query.from) filters.push(sql`trans_time >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
  if (query.to) filters.push(sql`trans_time < ((${query.to}::date) + 1)::timestamp at time zone ${timeZone}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    filters.push(sql`(trans_id ilike ${like} or bill_ref ilike ${like} or payer_name ilike ${like})`);
  }
  const where = sql.join(filters, sql` and `);
  const direction = query.direction === 'asc' ? sql`asc` : sql`desc`;
  const order = query.sort === 'amount' ? sql`amount_minor ${direction}, trans_time desc` : sql`trans_time ${direction}`;
  const rows = await queryRows<PaymentRow & { total: number }>(
    tx,
    sql`select ${PAYMENT_COLUMNS}, count(*) over ()::int as total from mpesa_payments where ${where}
        order by ${order}, id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [count] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from mpesa_payments where ${where}`);
    total = count?.total ?? 0;
  }
  return { items: rows.map(paymentView), total, page: query.page, pageSize: query.pageSize };
}

/** Marks an unallocated payment disputed (with why), or back. An allocated payment stays as it is. */
export async function setDisputed(tx: TenantTx, paymentId: string, disputed: boolean, note: string | null): Promise<MpesaPayment> {
  const [row] = await queryRows<PaymentRow>(
    tx,
    sql`update mpesa_payments set status = ${disputed ? 'disputed' : 'unallocated'}, dispute_note = ${disputed ? note : null}, updated_at = now()
        where id = ${paymentId}::uuid and status = ${disputed ? 'unallocated' : 'disputed'}
        returning ${PAYMENT_COLUMNS}`,
  );
  if (row) return paymentView(row);
  const current = await readPayment(tx, paymentId);
  if (!current) throw notFound(/*i18n*/ 'M-Pesa payment not found');
  if (current.status === 'allocated') throw new HttpError('conflict', /*i18n*/ 'This M-Pesa payment is already allocated');
  return current;
}

export interface AllocationSource {
  type: string;
  id: string;
  /** What the document took from the payment; the rest goes to the customer's deposit. */
  amountMinor?: number;
  customerId?: string | null;
  userId?: string | null;
}

/**
 * Allocates the received payment with this code (if any) to what just claimed the code, in the
 * claim's transaction: a disputed payment is refused, a smaller one too; a larger one leaves the
 * rest on the customer's account (a payment received, posted like one) or is refused without a
 * customer. A code Safaricom never told us about (typed by hand) allocates nothing.
 */
export async function allocateReceivedPayment(tx: TenantTx, tenantId: string, code: string, source: AllocationSource): Promise<void> {
  const [payment] = await queryRows<{ id: string; amount_minor: number; status: string }>(
    tx,
    sql`select id, amount_minor, status from mpesa_payments where trans_id = ${code} for update`,
  );
  if (!payment) return;
  if (payment.status === 'disputed') {
    const message = /*i18n*/ 'This M-Pesa payment is disputed: settle it in M-Pesa reconciliation first';
    throw new HttpError('conflict', message, { reference: [message] });
  }
  const received = Number(payment.amount_minor);
  const taken = source.amountMinor ?? received;
  const currency = await currencyOf(tx);
  const amount = (minor: number) => formatMinorUnits(minor, currency.symbol, currency.decimals);
  if (taken > received) {
    const message = fillMessage(/*i18n*/ 'This M-Pesa payment was only {amount}', { amount: amount(received) });
    throw new HttpError('validation_failed', message, { amountMinor: [message] });
  }
  const depositMinor = received - taken;
  if (depositMinor > 0) {
    if (!source.customerId) {
      const message = fillMessage(/*i18n*/ 'This M-Pesa payment was {amount}: tender all of it, or add the customer to keep the rest as their deposit', {
        amount: amount(received),
      });
      throw new HttpError('validation_failed', message, { amountMinor: [message] });
    }
    const entry = await recordPayment(tx, {
      tenantId,
      contactId: source.customerId,
      side: 'receivable',
      amountMinor: depositMinor,
      method: 'mpesa',
      note: fillMessage(/*i18n*/ 'Rest of M-Pesa payment {code}', { code }),
      userId: source.userId ?? null,
      sourceType: 'mpesa_payment',
      sourceId: payment.id,
    });
    await postDocument(tx, tenantId, 'contact_entry', entry.id);
  }
  await queryRows(
    tx,
    sql`update mpesa_payments set status = 'allocated', allocated_type = ${source.type}, allocated_id = ${source.id}::uuid, allocated_at = now(),
          deposit_minor = ${depositMinor}, deposit_contact_id = ${depositMinor > 0 ? source.customerId! : null}::uuid, updated_at = now()
        where id = ${payment.id}`,
  );
}

async function currencyOf(tx: TenantTx): Promise<{ symbol: string; decimals: number }> {
  const [row] = await queryRows<{ currency_symbol: string | null; currency_decimals: number | null }>(
    tx,
    sql`select currency_symbol, currency_decimals from business_settings limit 1`,
  );
  return { symbol: row?.currency_symbol ?? 'KES', decimals: row?.currency_decimals ?? 2 };
}
