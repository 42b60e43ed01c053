import { sql } from 'drizzle-orm';
import { parseEtimsDateTime, type EtimsEnvironment } from '../../core/etims/etims.rules';
import type { AppConfig } from '../config';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { forEachActiveShop } from '../jobs/each-shop';
import type { JobDefinition } from '../jobs/job-queue';
import { shopWakers, type ShopWaker } from '../jobs/shop-waker';
import type { Logger } from '../logger';
import type { SecretBox } from '../security/secret-box';
import {
  createEtimsHttpClient,
  createSimulatedControlUnit,
  ETIMS_DUPLICATE,
  ETIMS_NO_RESULT,
  ETIMS_OK,
  EtimsUnknownOutcomeError,
  type EtimsApi,
  type EtimsDevice,
  type EtimsResult,
  type EtimsSignature,
} from './etims.client';

// The outbox worker (issue 19, docs/decisions/0023-etims-oscu.md). It leases a device's due
// documents in their order (the device's row is taken FOR UPDATE SKIP LOCKED while claiming, and a
// device with a live lease is skipped, so one worker at a time sends a device's documents, in
// sequence), sends each, and records the answer under the lease. A document whose send began
// without an answer recorded is "in doubt": before it is sent again KRA is asked whether it holds
// the invoice number (selectInvoiceDetails), so a sale is never signed twice. KRA's refusals are
// kept with KRA's text and retried with backoff, then marked failed (resend from the monitoring
// screen); an unreachable KRA is retried for as long as it takes.

export interface EtimsWorkerDeps {
  database: Database;
  secretBox: SecretBox;
  logger: Logger;
  /** The control unit of an environment: KRA's sandbox or production over HTTP, or the simulated one. */
  apiFor(environment: EtimsEnvironment): EtimsApi;
}

/** The control units for the configured KRA hosts (ETIMS_SANDBOX_URL / ETIMS_PRODUCTION_URL), made once. */
export function etimsApis(config: Pick<AppConfig, 'providerUrls'>): (environment: EtimsEnvironment) => EtimsApi {
  const apis: Record<EtimsEnvironment, EtimsApi> = {
    simulated: createSimulatedControlUnit(),
    sandbox: createEtimsHttpClient({ baseUrl: config.providerUrls.etims.sandbox }),
    production: createEtimsHttpClient({ baseUrl: config.providerUrls.etims.production }),
  };
  return (environment) => apis[environment];
}

const workerDepsOf = new WeakMap<object, EtimsWorkerDeps>();

/** The worker's dependencies from the app's (one set of control units per app). */
export function etimsWorkerDeps(deps: { database: Database; secretBox: SecretBox; logger: Logger; config: Pick<AppConfig, 'providerUrls'> }): EtimsWorkerDeps {
  let found = workerDepsOf.get(deps);
  if (!found) {
    found = { database: deps.database, secretBox: deps.secretBox, logger: deps.logger, apiFor: etimsApis(deps.config) };
    workerDepsOf.set(deps, found);
  }
  return found;
}

/** The AAD a device's communication key is sealed under: the shop, the purpose and the device row. */
export function cmcKeyContext(tenantId: string, settingsId: string): string {
  return `${tenantId}:etims.cmcKey:${settingsId}`;
}

const LEASE_MS = 60_000;
const BATCH = 20;
/** KRA refusals (9xx…) before a document is marked failed. */
export const MAX_REFUSALS = 5;

/** Waiting time after the n-th refusal: 1 min, 2, 4 … up to 30 min. */
export function refusalBackoffMs(attempts: number): number {
  return Math.min(30 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** Waiting time after the n-th unanswered send: 5 s, 10, 20, 40, then every minute while KRA is unreachable. */
export function unreachableBackoffMs(attempts: number): number {
  return Math.min(60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

interface ClaimedDocument {
  id: string;
  seq: string;
  settings_id: string;
  kind: 'sale' | 'credit_note' | 'stock_io' | 'stock_master';
  source_type: 'sale' | 'sale_return' | 'sale_void';
  source_id: string;
  invoice_number: number | null;
  attempts: number;
  payload: Record<string, unknown>;
  was_in_doubt: boolean;
  environment: EtimsEnvironment;
  kra_pin: string;
  branch_id: string;
  cmc_key_sealed: string | null;
  sdc_id: string | null;
  mrc_no: string | null;
}

export interface DrainOptions {
  /** The worker's clock (tests move it past leases and backoffs). */
  clock?: () => Date;
  /** Aborting stops the worker where it is, as a killed process would. */
  signal?: AbortSignal;
  /** Stop after this many documents (the job's share of work per shop). */
  maxDocuments?: number;
}

export interface DrainResult {
  signed: number;
  refused: number;
  unanswered: number;
  /** When the earliest document still waiting is due (null: none waiting). */
  nextDueAt: Date | null;
}

async function claim(tx: TenantTx, now: Date, leaseUntil: Date): Promise<ClaimedDocument[]> {
  const at = now.toISOString();
  return queryRows<ClaimedDocument>(
    tx,
    sql`with device as (
          select s.id, s.environment, s.kra_pin, s.branch_id, s.cmc_key_sealed, s.sdc_id, s.mrc_no from etims_settings s
          where s.initialised_at is not null
            and exists (select 1 from etims_documents d where d.settings_id = s.id and d.status in ('pending', 'sending')
                          and d.next_attempt_at <= ${at}::timestamptz and (d.lease_until is null or d.lease_until < ${at}::timestamptz))
            and not exists (select 1 from etims_documents d where d.settings_id = s.id and d.status = 'sending' and d.lease_until >= ${at}::timestamptz)
          order by s.id
          for update skip locked
          limit 1),
        next as (
          select d.id, d.in_doubt from etims_documents d join device on d.settings_id = device.id
          where d.status in ('pending', 'sending') and d.next_attempt_at <= ${at}::timestamptz and (d.lease_until is null or d.lease_until < ${at}::timestamptz)
          order by d.seq limit ${BATCH})
        update etims_documents d
        set status = 'sending', attempts = d.attempts + 1, lease_until = ${leaseUntil.toISOString()}::timestamptz, in_doubt = true, updated_at = ${at}::timestamptz
        from next, device
        where d.id = next.id
        returning d.id, d.seq, d.settings_id, d.kind, d.source_type, d.source_id, d.invoice_number, d.attempts, d.payload, next.in_doubt as was_in_doubt,
                  device.environment, device.kra_pin, device.branch_id, device.cmc_key_sealed, device.sdc_id, device.mrc_no`,
  ).then((rows) => rows.sort((a, b) => Number(a.seq) - Number(b.seq)));
}

type Outcome =
  | { kind: 'signed'; signature: EtimsSignature | null }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'unanswered'; code: string; message: string }
  | { kind: 'not_ready'; code: string; message: string };

/** Fills item codes a line lacked when the sale was queued (the item was registered since). */
async function completeItems(deps: EtimsWorkerDeps, tenantId: string, document: ClaimedDocument): Promise<Record<string, unknown> | null> {
  const items = document.payload.itemList as Record<string, unknown>[] | undefined;
  if (!items || items.every((item) => item.itemCd)) return document.payload;
  const lines = await deps.database.withTenant(tenantId, (tx) =>
    queryRows<{ item_code: string | null; item_class_code: string | null; packaging_unit_code: string | null; quantity_unit_code: string | null }>(
      tx,
      document.source_type === 'sale_return'
        ? sql`select i.item_code, i.item_class_code, i.packaging_unit_code, i.quantity_unit_code from sale_return_lines l left join etims_items i on i.variant_id = l.variant_id where l.return_id = ${document.source_id} order by l.line_no`
        : sql`select i.item_code, i.item_class_code, i.packaging_unit_code, i.quantity_unit_code from sale_lines l left join etims_items i on i.variant_id = l.variant_id where l.sale_id = ${document.source_id} order by l.line_no`,
    ),
  );
  const completed = items.map((item, index) => {
    const line = lines[index];
    if (item.itemCd || !line?.item_code) return item;
    return { ...item, itemCd: line.item_code, itemClsCd: line.item_class_code, pkgUnitCd: line.packaging_unit_code, qtyUnitCd: line.quantity_unit_code };
  });
  if (completed.some((item) => !item.itemCd) && document.environment !== 'simulated') return null;
  return { ...document.payload, itemList: completed };
}

async function sendOne(deps: EtimsWorkerDeps, tenantId: string, document: ClaimedDocument, signal: AbortSignal | undefined): Promise<Outcome> {
  if (!document.cmc_key_sealed) return { kind: 'refused', code: 'not_initialised', message: 'The device has no communication key' };
  const device: EtimsDevice = { tin: document.kra_pin, bhfId: document.branch_id, cmcKey: deps.secretBox.open(document.cmc_key_sealed, cmcKeyContext(tenantId, document.settings_id)) };
  const api = deps.apiFor(document.environment);
  const isInvoice = document.kind === 'sale' || document.kind === 'credit_note';
  try {
    if (isInvoice && document.was_in_doubt) {
      const known = await api.selectInvoiceDetails(device, document.invoice_number!, signal);
      if (known.resultCd === ETIMS_OK) return { kind: 'signed', signature: known.data };
      if (known.resultCd !== ETIMS_NO_RESULT) return { kind: 'unanswered', code: known.resultCd, message: known.resultMsg };
    }
    let answer: EtimsResult<EtimsSignature | null>;
    switch (document.kind) {
      case 'sale':
      case 'credit_note': {
        const payload = await completeItems(deps, tenantId, document);
        if (!payload) return { kind: 'not_ready', code: 'item_not_registered', message: 'An item of this document is not registered with eTIMS yet' };
        answer = await api.saveTrnsSalesOsdc(device, payload, signal);
        if (answer.resultCd === ETIMS_DUPLICATE) {
          // KRA already holds this number: the earlier send reached it. Take its signature.
          const known = await api.selectInvoiceDetails(device, document.invoice_number!, signal);
          if (known.resultCd === ETIMS_OK) return { kind: 'signed', signature: known.data };
          return { kind: 'unanswered', code: answer.resultCd, message: answer.resultMsg };
        }
        break;
      }
      case 'stock_io':
        answer = await api.insertStockIO(device, document.payload, signal);
        break;
      case 'stock_master':
        answer = await api.saveStockMaster(device, document.payload, signal);
        break;
    }
    if (answer.resultCd === ETIMS_OK || (!isInvoice && answer.resultCd === ETIMS_DUPLICATE)) return { kind: 'signed', signature: isInvoice ? answer.data : null };
    return { kind: 'refused', code: answer.resultCd, message: answer.resultMsg };
  } catch (error) {
    if (error instanceof EtimsUnknownOutcomeError) return { kind: 'unanswered', code: error.reason, message: error.message };
    throw error;
  }
}

async function record(deps: EtimsWorkerDeps, tenantId: string, document: ClaimedDocument, outcome: Outcome, now: Date, leaseUntil: Date): Promise<void> {
  const at = now.toISOString();
  const lease = leaseUntil.toISOString();
  await deps.database.withTenant(tenantId, async (tx) => {
    // Only under this worker's lease: a worker that overran it leaves the document to the next one.
    const mine = sql`id = ${document.id} and status = 'sending' and lease_until = ${lease}::timestamptz`;
    switch (outcome.kind) {
      case 'signed': {
        const result = outcome.signature
          ? { ...outcome.signature, sdcId: document.sdc_id, mrcNo: document.mrc_no, signedAtControlUnit: parseEtimsDateTime(outcome.signature.sdcDateTime)?.toISOString() ?? null }
          : null;
        await tx.execute(
          sql`update etims_documents set status = 'signed', in_doubt = false, lease_until = null, last_error_code = null, last_error_message = null,
                     result = ${result ? JSON.stringify(result) : null}::jsonb, signed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
              where ${mine}`,
        );
        return;
      }
      case 'unanswered': {
        const next = new Date(now.getTime() + unreachableBackoffMs(document.attempts));
        await tx.execute(
          sql`update etims_documents set status = 'pending', in_doubt = true, lease_until = null, next_attempt_at = ${next.toISOString()}::timestamptz,
                     last_error_code = ${outcome.code}, last_error_message = ${outcome.message.slice(0, 500)}, updated_at = ${at}::timestamptz
              where ${mine}`,
        );
        return;
      }
      case 'refused':
      case 'not_ready': {
        // KRA answered: it did not take the document, so nothing is in doubt.
        const next = new Date(now.getTime() + refusalBackoffMs(document.attempts));
        const status = document.attempts >= MAX_REFUSALS ? 'failed' : 'pending';
        await tx.execute(
          sql`update etims_documents set status = ${status}, in_doubt = false, lease_until = null, next_attempt_at = ${next.toISOString()}::timestamptz,
                     last_error_code = ${outcome.code}, last_error_message = ${outcome.message.slice(0, 500)}, updated_at = ${at}::timestamptz
              where ${mine}`,
        );
      }
    }
  });
}

/** Sends a shop's due documents until none is due (or maxDocuments were sent). */
export async function drainShop(deps: EtimsWorkerDeps, tenantId: string, options: DrainOptions = {}): Promise<DrainResult> {
  const clock = options.clock ?? (() => new Date());
  const result: DrainResult = { signed: 0, refused: 0, unanswered: 0, nextDueAt: null };
  const limit = options.maxDocuments ?? Number.POSITIVE_INFINITY;
  let sent = 0;
  while (sent < limit) {
    const now = clock();
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    const claimed = await deps.database.withTenant(tenantId, (tx) => claim(tx, now, leaseUntil));
    if (claimed.length === 0) break;
    for (const document of claimed) {
      const outcome = await sendOne(deps, tenantId, document, options.signal).catch((error: unknown) => {
        if (options.signal?.aborted) return null;
        throw error;
      });
      // A stopped worker records nothing: its documents stay leased and in doubt for the next one.
      if (!outcome || options.signal?.aborted) return result;
      await record(deps, tenantId, document, outcome, clock(), leaseUntil);
      if (outcome.kind === 'signed') result.signed += 1;
      else if (outcome.kind === 'unanswered') result.unanswered += 1;
      else result.refused += 1;
      if (outcome.kind !== 'signed') deps.logger.warn({ tenantId, documentId: document.id, invoiceNumber: document.invoice_number, code: outcome.code }, 'eTIMS document not signed; retried later');
      sent += 1;
      // KRA unreachable: the rest of the batch would time out too; they wait for the next round.
      if (outcome.kind === 'unanswered') {
        await releaseLeases(deps, tenantId, claimed.slice(claimed.indexOf(document) + 1), leaseUntil, new Date(clock().getTime() + unreachableBackoffMs(document.attempts)));
        result.nextDueAt = await nextDue(deps, tenantId);
        return result;
      }
    }
  }
  result.nextDueAt = await nextDue(deps, tenantId);
  return result;
}

/** Gives back the batch's documents that were never sent (as they were), due when the unanswered one is retried. */
async function releaseLeases(deps: EtimsWorkerDeps, tenantId: string, unsent: ClaimedDocument[], leaseUntil: Date, retryAt: Date) {
  if (unsent.length === 0) return;
  await deps.database.withTenant(tenantId, async (tx) => {
    for (const document of unsent) {
      await tx.execute(
        sql`update etims_documents set status = 'pending', lease_until = null, in_doubt = ${document.was_in_doubt}, attempts = attempts - 1,
                   next_attempt_at = ${retryAt.toISOString()}::timestamptz
            where id = ${document.id} and status = 'sending' and lease_until = ${leaseUntil.toISOString()}::timestamptz`,
      );
    }
  });
}

async function nextDue(deps: EtimsWorkerDeps, tenantId: string): Promise<Date | null> {
  const [row] = await deps.database.withTenant(tenantId, (tx) =>
    queryRows<{ due: string | null }>(
      tx,
      sql`select min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) as due from etims_documents where status in ('pending', 'sending')`,
    ),
  );
  return row?.due ? new Date(row.due) : null;
}

// The fast path: the checkout and returns wake this server's signer after their commit, so a
// receipt is signed within moments; the recurring job below is the net for everything else.
const signers = shopWakers();

/** Called after a sale's or a return's commit: this server's signer sends the shop's documents now. */
export function wakeEtimsSigner(tenantId: string): void {
  signers.wake(tenantId);
}

export function startEtimsSigner(deps: EtimsWorkerDeps): ShopWaker {
  return signers.start({ logger: deps.logger, failure: 'eTIMS signing failed for a shop', drain: async (tenantId) => (await drainShop(deps, tenantId)).nextDueAt });
}

export const ETIMS_OUTBOX_JOB = 'etims.outbox';

/** Every minute, every shop's due documents (another server's sales, retries after a restart). */
export function etimsOutboxJob(deps: EtimsWorkerDeps): JobDefinition {
  return {
    name: ETIMS_OUTBOX_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + 60_000) },
    async handler(context) {
      await forEachActiveShop(deps.database, { what: 'eTIMS signing', logger: deps.logger, onBatch: context.extendLease }, async (tenantId) => {
        await drainShop(deps, tenantId, { maxDocuments: 500 });
      });
    },
  };
}
