import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MPESA_CODE_PATTERN } from '../../core/accounts/accounts.schemas';
import { mpesaAmountToMinor, parseDarajaTime, stkStatusForResult } from '../../core/payments/mpesa.rules';
import { queryRows, type TenantTx } from '../db/client';
import { recordReceivedPayment } from './mpesa-payments.service';

// What Safaricom posts back (issue 19, docs/decisions/0022-mpesa-daraja.md), in the documented
// shapes; the simulated phone posts the same shapes through the same functions. Each is idempotent:
// the STK callback on CheckoutRequestID (the request row is locked, a repeat finds it decided), a
// payment on its receipt number (unique per shop), a status result on its query.

const darajaCode = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().optional(),
      CheckoutRequestID: z.string().min(1),
      ResultCode: darajaCode,
      ResultDesc: z.string().optional(),
      CallbackMetadata: z.object({ Item: z.array(z.object({ Name: z.string(), Value: z.unknown().optional() })) }).optional(),
    }),
  }),
});
export type StkCallbackPayload = z.input<typeof stkCallbackSchema>;

const c2bConfirmationSchema = z.looseObject({
  TransID: z.string(),
  TransTime: z.union([z.string(), z.number()]),
  TransAmount: z.union([z.string(), z.number()]),
  BusinessShortCode: z.union([z.string(), z.number()]).optional(),
  BillRefNumber: z.string().optional().nullable(),
  MSISDN: z.union([z.string(), z.number()]).optional().nullable(),
  FirstName: z.string().optional().nullable(),
  MiddleName: z.string().optional().nullable(),
  LastName: z.string().optional().nullable(),
});
export type C2bConfirmationPayload = z.input<typeof c2bConfirmationSchema>;

const resultParameter = z.object({ Key: z.string(), Value: z.unknown().optional() });
const statusResultSchema = z.object({
  Result: z.object({
    ResultCode: darajaCode,
    ResultDesc: z.string().optional(),
    OriginatorConversationID: z.string().optional(),
    ConversationID: z.string().optional(),
    TransactionID: z.string().optional(),
    ResultParameters: z.object({ ResultParameter: z.union([z.array(resultParameter), resultParameter]) }).optional(),
    ReferenceData: z.object({ ReferenceItem: z.union([z.array(resultParameter), resultParameter]) }).optional(),
  }),
});

export class UnreadableCallback extends Error {}

function parse<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new UnreadableCallback('Unreadable M-Pesa callback');
  return parsed.data;
}

const toCode = (value: unknown) => {
  const code = String(value ?? '').trim().toUpperCase();
  return MPESA_CODE_PATTERN.test(code) ? code : null;
};
const textOrNull = (value: unknown) => (value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim());

interface StkRow {
  id: string;
  status: string;
  receipt_number: string | null;
  amount_minor: number;
  simulated: boolean;
  settings_id: string | null;
  checkout_request_id: string | null;
}

/**
 * An STK callback: decides the prompt once; a success is stored as a payment even for a prompt we
 * do not know. The prompt is named by our id in the callback's path, since Safaricom may answer
 * before the push's reply (and its CheckoutRequestID) is stored; the first to arrive stores it.
 * Every write is conditional (a receipt not yet set, a prompt still pending), so duplicates arriving
 * together need no row lock: the first write wins and the others change nothing.
 */
export async function applyStkCallback(tx: TenantTx, tenantId: string, settingsId: string | null, payload: unknown, requestId: string | null): Promise<void> {
  const callback = parse(stkCallbackSchema, payload).Body.stkCallback;
  const [request] = await queryRows<StkRow>(
    tx,
    sql`select id, status, receipt_number, amount_minor, simulated, settings_id, checkout_request_id from mpesa_stk_requests
        where ${requestId ? sql`id = ${requestId}::uuid and coalesce(checkout_request_id, ${callback.CheckoutRequestID}) = ${callback.CheckoutRequestID}` : sql`checkout_request_id = ${callback.CheckoutRequestID}`}`,
  );
  if (request && request.checkout_request_id === null) {
    await queryRows(tx, sql`update mpesa_stk_requests set checkout_request_id = ${callback.CheckoutRequestID} where id = ${request.id} and checkout_request_id is null`);
  }
  const items = new Map((callback.CallbackMetadata?.Item ?? []).map((item) => [item.Name, item.Value]));
  if (callback.ResultCode === 0) {
    const receipt = toCode(items.get('MpesaReceiptNumber'));
    const amountMinor = mpesaAmountToMinor(items.get('Amount')) ?? request?.amount_minor ?? null;
    if (!receipt || !amountMinor) throw new UnreadableCallback('A successful STK callback without its receipt or amount');
    await recordReceivedPayment(tx, tenantId, {
      transId: receipt,
      source: 'stk',
      simulated: request?.simulated ?? false,
      amountMinor: Number(amountMinor),
      msisdn: textOrNull(items.get('PhoneNumber')),
      payerName: null,
      transTime: parseDarajaTime(items.get('TransactionDate')) ?? new Date(),
      billRef: null,
      businessShortCode: null,
      settingsId: request?.settings_id ?? settingsId,
      stkRequestId: request?.id ?? null,
      raw: payload,
    });
    if (!request || request.receipt_number) return;
    // An abandoned prompt keeps its state: the payment waits in the inbox, unallocated.
    await queryRows(
      tx,
      sql`update mpesa_stk_requests set receipt_number = ${receipt}, result_code = 0, result_desc = ${callback.ResultDesc ?? null},
            status = case when status = 'abandoned' then status else 'paid' end, completed_at = coalesce(completed_at, now()), updated_at = now()
          where id = ${request.id} and receipt_number is null`,
    );
    return;
  }
  if (!request || request.status !== 'pending') return;
  await queryRows(
    tx,
    sql`update mpesa_stk_requests set status = ${stkStatusForResult(callback.ResultCode)}, result_code = ${callback.ResultCode},
          result_desc = ${callback.ResultDesc ?? null}, completed_at = now(), updated_at = now()
        where id = ${request.id} and status = 'pending'`,
  );
}

/** A till (C2B) confirmation: stored once by TransID, unallocated. */
export async function applyC2bConfirmation(tx: TenantTx, tenantId: string, settingsId: string | null, payload: unknown, simulated = false): Promise<void> {
  const confirmation = parse(c2bConfirmationSchema, payload);
  const transId = toCode(confirmation.TransID);
  const amountMinor = mpesaAmountToMinor(confirmation.TransAmount);
  const transTime = parseDarajaTime(confirmation.TransTime);
  if (!transId || !amountMinor || !transTime) throw new UnreadableCallback('A C2B confirmation without a readable code, amount or time');
  const payerName = [confirmation.FirstName, confirmation.MiddleName, confirmation.LastName].map(textOrNull).filter(Boolean).join(' ') || null;
  await recordReceivedPayment(tx, tenantId, {
    transId,
    source: 'c2b',
    simulated,
    amountMinor,
    msisdn: textOrNull(confirmation.MSISDN),
    payerName,
    transTime,
    billRef: textOrNull(confirmation.BillRefNumber),
    businessShortCode: textOrNull(confirmation.BusinessShortCode),
    settingsId,
    stkRequestId: null,
    raw: payload,
  });
}

const parameters = (value: z.infer<typeof resultParameter> | z.infer<typeof resultParameter>[] | undefined) =>
  new Map((value === undefined ? [] : Array.isArray(value) ? value : [value]).map((item) => [item.Key, item.Value]));

/**
 * A transaction status result: the query is found by the id we sent as Occasion (its row exists
 * before the query leaves), else by OriginatorConversationID (stored once Daraja accepted the
 * query, which the result may overtake), else as the latest pending query of the code. A completed
 * transaction becomes a payment (unallocated) the cashier can take.
 */
export async function applyStatusResult(tx: TenantTx, tenantId: string, settingsId: string | null, payload: unknown, timedOut = false): Promise<void> {
  const result = parse(statusResultSchema, payload).Result;
  const reference = parameters(result.ReferenceData?.ReferenceItem);
  const occasion = String(reference.get('Occasion') ?? '');
  const [query] = await queryRows<{ id: string; status: string; trans_id: string }>(
    tx,
    sql`select id, status, trans_id from mpesa_status_queries
        where ${/^[0-9a-f-]{36}$/i.test(occasion) ? sql`id = ${occasion}::uuid or ` : sql``} originator_conversation_id = ${result.OriginatorConversationID ?? ''}
           or (trans_id = ${toCode(result.TransactionID) ?? ''} and status = 'pending')
        order by (originator_conversation_id = ${result.OriginatorConversationID ?? ''}) desc nulls last, created_at desc
        limit 1 for update`,
  );
  if (!query || query.status !== 'pending') return;
  const values = parameters(result.ResultParameters?.ResultParameter);
  const receipt = toCode(values.get('ReceiptNo') ?? result.TransactionID);
  const amountMinor = mpesaAmountToMinor(values.get('Amount'));
  const completed = !timedOut && result.ResultCode === 0 && String(values.get('TransactionStatus') ?? 'Completed') === 'Completed';
  if (completed && receipt === query.trans_id && amountMinor) {
    // "254712345678 - JOHN DOE": the number and the name as M-Pesa shows them.
    const [msisdn, ...name] = String(values.get('DebitPartyName') ?? '').split(' - ');
    const payment = await recordReceivedPayment(tx, tenantId, {
      transId: receipt,
      source: 'status_query',
      simulated: false,
      amountMinor,
      msisdn: textOrNull(msisdn),
      payerName: textOrNull(name.join(' - ')),
      transTime: parseDarajaTime(values.get('FinalisedTime') ?? values.get('InitiatedTime')) ?? new Date(),
      billRef: null,
      businessShortCode: null,
      settingsId,
      stkRequestId: null,
      raw: payload,
    });
    await queryRows(
      tx,
      sql`update mpesa_status_queries set status = 'found', payment_id = ${payment.id}, result_code = 0, result_desc = ${result.ResultDesc ?? null}, updated_at = now()
          where id = ${query.id}`,
    );
    return;
  }
  await queryRows(
    tx,
    sql`update mpesa_status_queries set status = ${timedOut ? 'failed' : 'not_found'}, result_code = ${result.ResultCode}, result_desc = ${result.ResultDesc ?? null}, updated_at = now()
        where id = ${query.id}`,
  );
}
