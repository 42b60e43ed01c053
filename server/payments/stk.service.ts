import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { accountReferenceFor, cashierMessageForResult, MPESA_RESULT, type StkStatus } from '../../core/payments/mpesa.rules';
import type { StkRequest, StkRequestInput } from '../../core/payments/mpesa.schemas';
import { queryRows, type TenantTx } from '../db/client';
import type { AppDependencies } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { forEachActiveShop } from '../jobs/each-shop';
import type { JobDefinition } from '../jobs/job-queue';
import { DarajaError } from './daraja.client';
import { applyStkCallback } from './mpesa-callbacks.service';
import { callbackUrlsFor, darajaFor, openAccount, readSettingsRow, type MpesaSettingsRow } from './mpesa-settings.service';

// "M-Pesa — send prompt" at the register (issue 19, docs/decisions/0022-mpesa-daraja.md). The
// register makes the prompt's id, so a retried request pushes once. The callback decides the
// prompt; when none came within QUERY_AFTER_MS of the push, the register's polls run Daraja's STK
// query (at most once per QUERY_EVERY_MS). Without credentials the prompt is simulated: the
// register's simulated phone answers it through the same callback code.

export const QUERY_AFTER_MS = 20_000;
const QUERY_EVERY_MS = 5_000;

type Deps = Pick<AppDependencies, 'config' | 'database' | 'secretBox' | 'logger'>;

interface StkRow {
  id: string;
  request_hash: string;
  settings_id: string | null;
  location_id: string;
  phone: string;
  amount_minor: number;
  account_reference: string;
  simulated: boolean;
  checkout_request_id: string | null;
  status: StkStatus;
  result_code: number | null;
  receipt_number: string | null;
  pushed_at: Date | string | null;
  last_query_at: Date | string | null;
  created_at: Date | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function messageFor(row: StkRow): string {
  if (row.status === 'abandoned') return /*i18n*/ 'The prompt was closed at the register';
  if (row.status === 'paid' && !row.receipt_number) return /*i18n*/ 'Paid: waiting for the M-Pesa receipt number';
  if (row.status === 'failed' && row.result_code === null) return /*i18n*/ 'M-Pesa did not accept the prompt; check the M-Pesa settings';
  if (row.status === 'pending') return cashierMessageForResult(null);
  return cashierMessageForResult(row.result_code);
}

export function stkView(row: StkRow): StkRequest {
  return {
    id: row.id,
    status: row.status,
    phone: row.phone,
    amountMinor: Number(row.amount_minor),
    simulated: row.simulated,
    resultCode: row.result_code === null ? null : Number(row.result_code),
    message: messageFor(row),
    receiptNumber: row.receipt_number,
    createdAt: iso(row.created_at)!,
    pushedAt: iso(row.pushed_at),
  };
}

const readRow = async (tx: TenantTx, id: string) => (await queryRows<StkRow>(tx, sql`select * from mpesa_stk_requests where id = ${id}::uuid`))[0] ?? null;

function requestHashOf(input: StkRequestInput): string {
  return createHash('sha256').update(JSON.stringify([input.registerId, input.shiftId, input.phone, input.amountMinor, input.accountReference ?? null])).digest('hex');
}

export interface StkActor {
  tenantId: string;
  userId: string;
}

/** Creates the prompt (once per id) and sends it to Daraja, or readies the simulated phone. */
export async function createStkRequest(deps: Deps, actor: StkActor, input: StkRequestInput, callbackBase: string): Promise<{ request: StkRequest; replayed: boolean }> {
  const { tenantId } = actor;
  const requestHash = requestHashOf(input);
  const created = await deps.database.withTenant(tenantId, async (tx) => {
    const [register] = await queryRows<{ location_id: string; receipt_prefix: string }>(
      tx,
      sql`select location_id, receipt_prefix from registers where id = ${input.registerId}::uuid`,
    );
    if (!register) throw notFound(/*i18n*/ 'Register not found');
    const settings = await readSettingsRow(tx, register.location_id);
    const account = openAccount(tenantId, settings, deps.secretBox);
    const inserted = await queryRows<StkRow>(
      tx,
      sql`insert into mpesa_stk_requests (tenant_id, id, request_hash, settings_id, location_id, register_id, shift_id, user_id, phone, amount_minor,
                                          account_reference, simulated, checkout_request_id, pushed_at)
          values (${tenantId}, ${input.id}, ${requestHash}, ${account.settingsId}, ${register.location_id}, ${input.registerId}, ${input.shiftId},
                  ${actor.userId}, ${input.phone}, ${input.amountMinor}, ${accountReferenceFor(input.accountReference ?? register.receipt_prefix)},
                  ${account.simulated}, ${account.simulated ? `ws_CO_SIM_${input.id}` : null}, ${account.simulated ? sql`now()` : null})
          on conflict (tenant_id, id) do nothing
          returning *`,
    );
    if (inserted[0]) return { row: inserted[0], account, fresh: true };
    const existing = (await readRow(tx, input.id))!;
    if (existing.request_hash !== requestHash) {
      throw new HttpError('conflict', /*i18n*/ 'This prompt id was already used for another payment', { id: [/*i18n*/ 'This prompt id was already used for another payment'] });
    }
    return { row: existing, account, fresh: false };
  });
  if (!created.fresh || created.account.simulated) return { request: stkView(created.row), replayed: !created.fresh };

  const { account } = created;
  try {
    const pushed = await darajaFor(deps).stkPush(account.credentials!, {
      shortcode: account.shortcode!,
      passkey: account.passkey!,
      shortcodeType: account.shortcodeType,
      tillNumber: account.tillNumber,
      amountMinor: input.amountMinor,
      phone: input.phone,
      callbackUrl: `${callbackUrlsFor(callbackBase, tenantId, account.callbackToken!).stk}/${input.id}`,
      accountReference: created.row.account_reference,
      transactionDesc: 'Payment',
    });
    const row = await deps.database.withTenant(tenantId, async (tx) => {
      await queryRows(
        tx,
        sql`update mpesa_stk_requests set merchant_request_id = ${pushed.merchantRequestId}, checkout_request_id = ${pushed.checkoutRequestId},
              pushed_at = coalesce(pushed_at, now()), updated_at = now() where id = ${input.id}::uuid`,
      );
      return (await readRow(tx, input.id))!;
    });
    return { request: stkView(row), replayed: false };
  } catch (error) {
    if (!(error instanceof DarajaError)) throw error;
    deps.logger.warn({ tenantId, stkRequestId: input.id, darajaCode: error.code, httpStatus: error.httpStatus, reason: error.message }, 'M-Pesa prompt refused by Daraja');
    const row = await deps.database.withTenant(tenantId, async (tx) => {
      await queryRows(
        tx,
        sql`update mpesa_stk_requests set status = 'failed', result_desc = ${error.message.slice(0, 200)}, completed_at = now(), updated_at = now()
            where id = ${input.id}::uuid and status = 'pending'`,
      );
      return (await readRow(tx, input.id))!;
    });
    return { request: stkView(row), replayed: false };
  }
}

/** The prompt as the register polls it; runs the STK query when the callback is late. */
export async function readStkRequest(deps: Deps, tenantId: string, id: string): Promise<StkRequest> {
  const row = await deps.database.withTenant(tenantId, (tx) => readRow(tx, id));
  if (!row) throw notFound(/*i18n*/ 'M-Pesa prompt not found');
  const now = Date.now();
  const due =
    row.status === 'pending' &&
    !row.simulated &&
    row.checkout_request_id !== null &&
    row.pushed_at !== null &&
    now - new Date(row.pushed_at).getTime() >= QUERY_AFTER_MS &&
    (row.last_query_at === null || now - new Date(row.last_query_at).getTime() >= QUERY_EVERY_MS);
  if (!due) return stkView(row);
  return queryStk(deps, tenantId, row);
}

async function queryStk(deps: Deps, tenantId: string, row: StkRow): Promise<StkRequest> {
  const account = await deps.database.withTenant(tenantId, async (tx) => {
    await queryRows(tx, sql`update mpesa_stk_requests set last_query_at = now() where id = ${row.id}`);
    const settings = row.settings_id ? (await queryRows<MpesaSettingsRow>(tx, sql`select * from mpesa_settings where id = ${row.settings_id}`))[0] ?? null : null;
    return openAccount(tenantId, settings, deps.secretBox);
  });
  if (account.simulated) return stkView(row);
  try {
    const result = await darajaFor(deps).stkQuery(account.credentials!, { shortcode: account.shortcode!, passkey: account.passkey!, checkoutRequestId: row.checkout_request_id! });
    if (result.resultCode !== null) {
      // The query's answer is the callback's without its metadata: a success has no receipt yet.
      const payload = { Body: { stkCallback: { CheckoutRequestID: row.checkout_request_id!, ResultCode: result.resultCode, ResultDesc: result.resultDesc ?? undefined } } };
      await deps.database.withTenant(tenantId, async (tx) => {
        if (result.resultCode === 0) {
          await queryRows(
            tx,
            sql`update mpesa_stk_requests set status = 'paid', result_code = 0, result_desc = ${result.resultDesc}, completed_at = now(), updated_at = now()
                where id = ${row.id} and status = 'pending'`,
          );
        } else {
          await applyStkCallback(tx, tenantId, row.settings_id, payload, row.id);
        }
      });
    }
  } catch (error) {
    if (!(error instanceof DarajaError)) throw error;
    deps.logger.warn({ tenantId, stkRequestId: row.id, darajaCode: error.code, reason: error.message }, 'M-Pesa STK query failed');
  }
  return stkView((await deps.database.withTenant(tenantId, (tx) => readRow(tx, row.id)))!);
}

/** The cashier closed the prompt: a late success lands in the inbox, unallocated. */
export async function abandonStkRequest(deps: Deps, tenantId: string, id: string): Promise<StkRequest> {
  return deps.database.withTenant(tenantId, async (tx) => {
    await queryRows(tx, sql`update mpesa_stk_requests set status = 'abandoned', completed_at = now(), updated_at = now() where id = ${id}::uuid and status = 'pending'`);
    const row = await readRow(tx, id);
    if (!row) throw notFound(/*i18n*/ 'M-Pesa prompt not found');
    return stkView(row);
  });
}

/** Result codes the simulated phone can answer with (Daraja's). */
const SIMULATED_RESULTS = { approve: 0, cancel: 1032, timeout: 1037, insufficient: 1, wrong_pin: 2001 } as const;
const SIMULATED_DESCS: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1032: 'Request cancelled by user.',
  1037: 'DS timeout user cannot be reached.',
  2001: 'The initiator information is invalid.',
};

/** A simulated receipt number: 10 capitals and digits, S-prefixed so it reads as a sandbox one. */
export const simulatedReceipt = () => `S${createHash('sha256').update(randomUUID()).digest('hex').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 9)}`;

/** The simulated phone's answer, as Daraja's callback would carry it (simulated prompts only). */
export async function answerSimulatedPrompt(deps: Deps, tenantId: string, id: string, outcome: keyof typeof SIMULATED_RESULTS): Promise<StkRequest> {
  return deps.database.withTenant(tenantId, async (tx) => {
    const row = await readRow(tx, id);
    if (!row || !row.simulated) throw notFound(/*i18n*/ 'M-Pesa prompt not found');
    if (!openAccount(tenantId, await readSettingsRow(tx, row.location_id), deps.secretBox).simulated) {
      throw new HttpError('conflict', /*i18n*/ 'This shop takes real M-Pesa payments: the simulated phone is off');
    }
    const resultCode = SIMULATED_RESULTS[outcome];
    const now = new Date();
    const nairobi = new Date(now.getTime() + 3 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
    await applyStkCallback(tx, tenantId, row.settings_id, {
      Body: {
        stkCallback: {
          MerchantRequestID: `SIM-${row.id.slice(0, 8)}`,
          CheckoutRequestID: row.checkout_request_id!,
          ResultCode: resultCode,
          ResultDesc: SIMULATED_DESCS[resultCode],
          ...(resultCode === 0
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: Number(row.amount_minor) / 100 },
                    { Name: 'MpesaReceiptNumber', Value: simulatedReceipt() },
                    { Name: 'Balance' },
                    { Name: 'TransactionDate', Value: Number(nairobi) },
                    { Name: 'PhoneNumber', Value: Number(row.phone) },
                  ],
                },
              }
            : {}),
        },
      },
    }, row.id);
    return stkView((await readRow(tx, id))!);
  });
}

export const MPESA_PROMPTS_JOB = 'mpesa.stale-prompts';
/** A prompt Safaricom never answered is over long before this (the phone gives up within minutes). */
const GIVE_UP_MS = 15 * 60_000;

/**
 * Prompts nobody is polling any more (the register closed, the network dropped): a live one pushed
 * over a minute ago is asked of Daraja; one still pending after GIVE_UP_MS is closed as timed out
 * (a simulated one, or one whose push never got Daraja's reply). A success arriving later still
 * lands in the inbox.
 */
export async function settleStalePrompts(deps: Deps, tenantId: string, now: Date): Promise<void> {
  const rows = await deps.database.withTenant(tenantId, (tx) =>
    queryRows<StkRow>(
      tx,
      sql`select * from mpesa_stk_requests where status = 'pending' and created_at < ${new Date(now.getTime() - QUERY_AFTER_MS * 3).toISOString()}
          order by created_at limit 100`,
    ),
  );
  for (const row of rows) {
    if (!row.simulated && row.checkout_request_id !== null) {
      const settled = await queryStk(deps, tenantId, row);
      if (settled.status !== 'pending' || now.getTime() - new Date(row.created_at).getTime() < GIVE_UP_MS) continue;
    } else if (now.getTime() - new Date(row.created_at).getTime() < GIVE_UP_MS) continue;
    await deps.database.withTenant(tenantId, (tx) =>
      queryRows(
        tx,
        sql`update mpesa_stk_requests set status = 'timed_out', result_code = ${MPESA_RESULT.noResponse}, completed_at = now(), updated_at = now()
            where id = ${row.id} and status = 'pending'`,
      ),
    );
  }
}

export function stalePromptsJob(deps: Deps): JobDefinition {
  return {
    name: MPESA_PROMPTS_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + 2 * 60_000) },
    async handler(context) {
      await forEachActiveShop(deps.database, { what: 'M-Pesa prompts', logger: deps.logger, onBatch: context.extendLease }, (tenantId) =>
        settleStalePrompts(deps, tenantId, context.now),
      );
    },
  };
}
