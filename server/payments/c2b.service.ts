import { sql } from 'drizzle-orm';
import type { MpesaLookupResult, MpesaStatusQuery } from '../../core/payments/mpesa.schemas';
import { darajaTimestamp } from '../../core/payments/mpesa.rules';
import { queryRows, type TenantTx } from '../db/client';
import type { AppDependencies } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { DarajaError } from './daraja.client';
import { applyC2bConfirmation } from './mpesa-callbacks.service';
import { mpesaCodeUsed } from './mpesa-codes';
import { readPayment, readPaymentByCode } from './mpesa-payments.service';
import { callbackUrlsFor, darajaFor, openAccount, readSettingsRow } from './mpesa-settings.service';
import { simulatedReceipt } from './stk.service';

// Till confirmations (C2B) and typed codes (issue 19, docs/decisions/0022-mpesa-daraja.md). A
// typed code already spent is refused; one in the inbox is handed back to take; one we have not
// seen is asked of Daraja's transaction status, whose answer arrives on the result URL while the
// register polls the query.

type Deps = Pick<AppDependencies, 'config' | 'database' | 'secretBox' | 'logger'>;

interface QueryRow {
  id: string;
  trans_id: string;
  status: MpesaStatusQuery['status'];
  result_desc: string | null;
  payment_id: string | null;
}

function queryMessage(row: QueryRow): string {
  switch (row.status) {
    case 'pending':
      return /*i18n*/ 'Checking the code with Safaricom…';
    case 'found':
      return /*i18n*/ 'Safaricom confirmed the payment';
    case 'not_found':
      return /*i18n*/ 'Safaricom has no payment to this shop with this code';
    default:
      return /*i18n*/ 'Safaricom could not check the code; ask the customer for the SMS or try again';
  }
}

async function statusQueryView(tx: TenantTx, row: QueryRow): Promise<MpesaStatusQuery> {
  return {
    id: row.id,
    transId: row.trans_id,
    status: row.status,
    message: queryMessage(row),
    payment: row.payment_id ? await readPayment(tx, row.payment_id) : null,
  };
}

const readQuery = async (tx: TenantTx, id: string) =>
  (await queryRows<QueryRow>(tx, sql`select id, trans_id, status, result_desc, payment_id from mpesa_status_queries where id = ${id}::uuid`))[0] ?? null;

/** A typed code at the register: found (unallocated), spent (409), disputed (409), or checked with Safaricom. */
export async function lookupCode(deps: Deps, actor: { tenantId: string; userId: string }, code: string, locationId: string | null, callbackBase: string): Promise<MpesaLookupResult> {
  const { tenantId } = actor;
  const started = await deps.database.withTenant(tenantId, async (tx) => {
    const [claimed] = await queryRows<{ id: string }>(tx, sql`select id from mpesa_codes where code = ${code}`);
    if (claimed) throw mpesaCodeUsed();
    const payment = await readPaymentByCode(tx, code);
    if (payment?.status === 'allocated') throw mpesaCodeUsed();
    if (payment?.status === 'disputed') {
      const message = /*i18n*/ 'This M-Pesa payment is disputed: settle it in M-Pesa reconciliation first';
      throw new HttpError('conflict', message, { code: [message] });
    }
    if (payment) return { found: payment } as const;
    const account = openAccount(tenantId, await readSettingsRow(tx, locationId), deps.secretBox);
    const canAsk = !account.simulated && account.initiatorName && account.securityCredential && account.shortcode;
    const [row] = await queryRows<QueryRow>(
      tx,
      sql`insert into mpesa_status_queries (tenant_id, trans_id, settings_id, status, user_id)
          values (${tenantId}, ${code}, ${account.settingsId}, ${canAsk ? 'pending' : account.simulated ? 'not_found' : 'failed'}, ${actor.userId})
          returning id, trans_id, status, result_desc, payment_id`,
    );
    return { query: row!, account: canAsk ? account : null } as const;
  });
  if ('found' in started) return { state: 'found', payment: started.found! };

  const { query, account } = started;
  if (account) {
    const urls = callbackUrlsFor(callbackBase, tenantId, account.callbackToken!);
    try {
      const sent = await darajaFor(deps).transactionStatus(account.credentials!, {
        initiator: account.initiatorName!,
        securityCredential: account.securityCredential!,
        transactionId: code,
        partyA: account.shortcodeType === 'till' ? (account.tillNumber ?? account.shortcode!) : account.shortcode!,
        identifierType: account.shortcodeType === 'till' ? '2' : '4',
        resultUrl: urls.statusResult,
        queueTimeoutUrl: urls.statusTimeout,
        occasion: query.id,
      });
      await deps.database.withTenant(tenantId, (tx) =>
        queryRows(
          tx,
          sql`update mpesa_status_queries set originator_conversation_id = ${sent.originatorConversationId}, conversation_id = ${sent.conversationId}, updated_at = now()
              where id = ${query.id}`,
        ),
      );
    } catch (error) {
      if (!(error instanceof DarajaError)) throw error;
      deps.logger.warn({ tenantId, darajaCode: error.code, reason: error.message }, 'M-Pesa transaction status query refused');
      await deps.database.withTenant(tenantId, (tx) =>
        queryRows(tx, sql`update mpesa_status_queries set status = 'failed', result_desc = ${error.message.slice(0, 200)}, updated_at = now() where id = ${query.id} and status = 'pending'`),
      );
    }
  }
  return deps.database.withTenant(tenantId, async (tx) => ({ state: 'checking', query: await statusQueryView(tx, (await readQuery(tx, query.id))!) }));
}

export async function readStatusQuery(deps: Deps, tenantId: string, id: string): Promise<MpesaStatusQuery> {
  return deps.database.withTenant(tenantId, async (tx) => {
    const row = await readQuery(tx, id);
    if (!row) throw notFound(/*i18n*/ 'Code check not found');
    return statusQueryView(tx, row);
  });
}

/** Registers this server's confirmation and validation URLs for the shortcode with Daraja. */
export async function registerConfirmationUrls(deps: Deps, tenantId: string, locationId: string | null, callbackBase: string): Promise<void> {
  const row = await deps.database.withTenant(tenantId, (tx) => readSettingsRow(tx, locationId, true));
  const account = openAccount(tenantId, row, deps.secretBox);
  if (account.simulated) {
    throw new HttpError('conflict', /*i18n*/ 'Save the shortcode, consumer key, consumer secret and passkey first');
  }
  const urls = callbackUrlsFor(callbackBase, tenantId, account.callbackToken!);
  try {
    await darajaFor(deps).registerC2BUrls(account.credentials!, {
      shortcode: account.shortcodeType === 'till' ? (account.tillNumber ?? account.shortcode!) : account.shortcode!,
      confirmationUrl: urls.confirmation,
      validationUrl: urls.validation,
    });
  } catch (error) {
    if (!(error instanceof DarajaError)) throw error;
    throw new HttpError('service_unavailable', /*i18n*/ 'Safaricom did not register the URLs; check the credentials and try again');
  }
  await deps.database.withTenant(tenantId, (tx) => queryRows(tx, sql`update mpesa_settings set c2b_registered_at = now(), updated_at = now() where id = ${row!.id}`));
}

/** A customer pays the till in the sandbox: a C2B confirmation of Daraja's shape through the same code. */
export async function simulateTillPayment(deps: Deps, tenantId: string, input: { amountMinor: number; phone?: string; billRef?: string }): Promise<string> {
  return deps.database.withTenant(tenantId, async (tx) => {
    const row = await readSettingsRow(tx, null);
    const transId = simulatedReceipt();
    await applyC2bConfirmation(
      tx,
      tenantId,
      row?.id ?? null,
      {
        TransactionType: 'Buy Goods',
        TransID: transId,
        TransTime: darajaTimestamp(new Date()),
        TransAmount: (input.amountMinor / 100).toFixed(2),
        BusinessShortCode: row?.till_number ?? row?.shortcode ?? '000000',
        BillRefNumber: input.billRef ?? '',
        InvoiceNumber: '',
        OrgAccountBalance: '',
        ThirdPartyTransID: '',
        // Safaricom masks the payer's number on C2B; the sandbox does the same.
        MSISDN: input.phone ? `${input.phone.slice(0, 6)}***${input.phone.slice(-3)}` : '2547***149',
        FirstName: 'SANDBOX',
        MiddleName: '',
        LastName: 'CUSTOMER',
      },
      true,
    );
    return transId;
  });
}
