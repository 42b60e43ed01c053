import { sql, type SQL } from 'drizzle-orm';
import { groupsOfFour, receiptTypeLabel, verificationUrl, type EtimsEnvironment } from '../../core/etims/etims.rules';
import type { EtimsDocument, EtimsDocumentListQuery, EtimsReceiptBlock } from '../../core/etims/etims.schemas';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { HttpError, notFound } from '../http/errors';

// The monitoring side of the outbox (issue 19): the documents list with KRA's error texts, the
// counts the dashboard warns on, resending a failed document, the CSV export, and the eTIMS block
// a receipt prints.

interface DocumentRow {
  id: string;
  kind: EtimsDocument['kind'];
  source_id: string;
  reference: string | null;
  invoice_number: number | null;
  original_invoice_number: number | null;
  status: EtimsDocument['status'];
  attempts: number;
  next_attempt_at: string;
  last_error_code: string | null;
  last_error_message: string | null;
  total: string | null;
  receipt_number: string | null;
  signed_at: string | null;
  created_at: string;
}

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

function toDocument(row: DocumentRow): EtimsDocument {
  return {
    id: row.id,
    kind: row.kind,
    sourceId: row.source_id,
    reference: row.reference,
    invoiceNumber: row.invoice_number,
    originalInvoiceNumber: row.original_invoice_number,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: iso(row.next_attempt_at)!,
    lastErrorCode: row.last_error_code,
    lastErrorMessage: row.last_error_message,
    totalMinor: row.total === null ? null : Math.round(Number(row.total) * 100),
    receiptNumber: row.receipt_number === null ? null : Number(row.receipt_number),
    signedAt: iso(row.signed_at),
    createdAt: iso(row.created_at)!,
  };
}

const documentSelect = sql`select d.id, d.kind, d.source_id, coalesce(s.receipt_code, r.return_code) as reference, d.invoice_number, d.original_invoice_number,
    d.status, d.attempts, d.next_attempt_at, d.last_error_code, d.last_error_message,
    case when d.kind in ('sale', 'credit_note') then d.payload->>'totAmt' end as total, d.result->>'curRcptNo' as receipt_number, d.signed_at, d.created_at
  from etims_documents d
  left join sales s on d.source_type in ('sale', 'sale_void') and s.id = d.source_id
  left join sale_returns r on d.source_type = 'sale_return' and r.id = d.source_id`;

function documentFilters(query: Pick<EtimsDocumentListQuery, 'status' | 'kind' | 'q'>): SQL {
  const filters = [sql`true`];
  if (query.status) filters.push(sql`d.status = ${query.status}`);
  if (query.kind) filters.push(sql`d.kind = ${query.kind}`);
  if (query.q) {
    const invoice = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    filters.push(sql`(s.receipt_code ilike ${`%${query.q}%`} or r.return_code ilike ${`%${query.q}%`} or d.last_error_message ilike ${`%${query.q}%`}${invoice === null ? sql`` : sql` or d.invoice_number = ${invoice}`})`);
  }
  return sql.join(filters, sql` and `);
}

function documentOrder(query: Pick<EtimsDocumentListQuery, 'sort' | 'direction'>): SQL {
  const direction = query.direction === 'asc' ? sql`asc` : sql`desc`;
  return query.sort === 'invoice' ? sql`d.invoice_number ${direction} nulls last, d.seq ${direction}` : sql`d.created_at ${direction}, d.seq ${direction}`;
}

export async function listDocuments(database: Database, tenantId: string, query: EtimsDocumentListQuery, now = new Date()) {
  return database.withTenant(tenantId, async (tx) => {
    const where = documentFilters(query);
    const rows = await queryRows<DocumentRow>(tx, sql`${documentSelect} where ${where} order by ${documentOrder(query)} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from etims_documents d left join sales s on d.source_type in ('sale', 'sale_void') and s.id = d.source_id
          left join sale_returns r on d.source_type = 'sale_return' and r.id = d.source_id where ${where}`,
    );
    return { documents: rows.map(toDocument), total: count!.n, page: query.page, pageSize: query.pageSize, counts: await documentCounts(tx, now) };
  });
}

/** Pending (with sending), failed and signed documents, and those pending for over an hour (the dashboard's warning). */
async function documentCounts(tx: TenantTx, now: Date) {
  const [row] = await queryRows<{ pending: number; failed: number; signed: number; pending_over_an_hour: number }>(
    tx,
    sql`select count(*) filter (where status in ('pending', 'sending'))::int as pending,
               count(*) filter (where status = 'failed')::int as failed,
               count(*) filter (where status = 'signed')::int as signed,
               count(*) filter (where status in ('pending', 'sending', 'failed') and created_at < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz)::int as pending_over_an_hour
        from etims_documents`,
  );
  return { pending: row!.pending, failed: row!.failed, signed: row!.signed, pendingOverAnHour: row!.pending_over_an_hour };
}

export function readDocumentCounts(database: Database, tenantId: string, now = new Date()) {
  return database.withTenant(tenantId, (tx) => documentCounts(tx, now));
}

/** A failed document goes back to the queue, due now, with its attempts counted afresh. */
export async function resendDocument(database: Database, tenantId: string, documentId: string): Promise<EtimsDocument> {
  return database.withTenant(tenantId, async (tx) => {
    const [current] = await queryRows<{ status: string }>(tx, sql`select status from etims_documents where id = ${documentId} for update`);
    if (!current) throw notFound(/*i18n*/ 'eTIMS document not found');
    if (current.status !== 'failed') throw new HttpError('conflict', /*i18n*/ 'Only a failed document can be sent again');
    await tx.execute(sql`update etims_documents set status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now() where id = ${documentId}`);
    const [row] = await queryRows<DocumentRow>(tx, sql`${documentSelect} where d.id = ${documentId}`);
    return toDocument(row!);
  });
}

const CSV_LIMIT = 5_000;

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The filtered list as CSV, newest first, up to 5,000 rows. */
export async function exportDocumentsCsv(database: Database, tenantId: string, query: EtimsDocumentListQuery): Promise<string> {
  const rows = await database.withTenant(tenantId, (tx) => queryRows<DocumentRow>(tx, sql`${documentSelect} where ${documentFilters(query)} order by ${documentOrder(query)} limit ${CSV_LIMIT}`));
  const header = ['created_at', 'kind', 'reference', 'invoice_number', 'original_invoice_number', 'status', 'attempts', 'total', 'kra_receipt_number', 'signed_at', 'error_code', 'error_message'];
  const lines = rows.map(toDocument).map((document) =>
    [
      document.createdAt,
      document.kind,
      document.reference,
      document.invoiceNumber,
      document.originalInvoiceNumber,
      document.status,
      document.attempts,
      document.totalMinor === null ? null : (document.totalMinor / 100).toFixed(2),
      document.receiptNumber,
      document.signedAt,
      document.lastErrorCode,
      document.lastErrorMessage,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** What the receipt block is made from, as the sale read's JSON column carries it. */
export interface ReceiptBlockRow {
  kind: 'sale' | 'credit_note';
  status: string;
  invoice_number: number;
  result: Record<string, unknown> | null;
  environment: EtimsEnvironment;
  kra_pin: string;
  branch_id: string;
  sdc_id: string | null;
  mrc_no: string | null;
}

/** A column for a read's own statement: the document of the sale or return whose id is `sourceId`, as JSON (or null). */
export function receiptBlockColumn(sourceId: SQL): SQL {
  return sql`(select row_to_json(x) from (
      select d.kind, d.status, d.invoice_number, d.result, es.environment, es.kra_pin, es.branch_id, es.sdc_id, es.mrc_no
      from etims_documents d join etims_settings es on es.tenant_id = d.tenant_id and es.id = d.settings_id
      where d.source_id = ${sourceId} and d.kind in ('sale', 'credit_note') and d.source_type <> 'sale_void') x)`;
}

/** The receipt's eTIMS block (null when the shop did not send the document to KRA). */
export function toReceiptBlock(row: ReceiptBlockRow | null): EtimsReceiptBlock | null {
  if (!row) return null;
  const signed = row.status === 'signed' && row.result ? row.result : null;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const signature = text(signed?.rcptSign);
  const internalData = text(signed?.intrlData);
  return {
    status: signed ? 'signed' : row.status === 'failed' ? 'failed' : 'pending',
    environment: row.environment,
    kraPin: row.kra_pin,
    invoiceNumber: row.invoice_number,
    receiptTypeLabel: receiptTypeLabel(row.kind === 'sale' ? 'S' : 'R'),
    sdcId: text(signed?.sdcId) ?? row.sdc_id,
    mrcNo: text(signed?.mrcNo) ?? row.mrc_no,
    receiptNumber: signed ? Number(signed.curRcptNo) : null,
    totalReceiptNumber: signed ? Number(signed.totRcptNo) : null,
    internalData: internalData ? groupsOfFour(internalData) : null,
    receiptSignature: signature ? groupsOfFour(signature) : null,
    controlUnitTime: text(signed?.signedAtControlUnit),
    verificationUrl: signature ? verificationUrl(row.environment, row.kra_pin, row.branch_id, signature) : null,
  };
}

/** The eTIMS block of a sale or a return on its own (a return's receipt). */
export async function readReceiptBlock(tx: TenantTx, sourceId: string): Promise<EtimsReceiptBlock | null> {
  const [row] = await queryRows<{ block: ReceiptBlockRow | null }>(tx, sql`select ${receiptBlockColumn(sql`${sourceId}::uuid`)} as block`);
  return toReceiptBlock(row?.block ?? null);
}
