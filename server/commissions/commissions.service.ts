import { sql, type SQL } from 'drizzle-orm';
import { documentCommission, netOfVat, periodsOverlap, resolveRate, type CommissionRate } from '../../core/commissions/commission.rules';
import type {
  CommissionDetail,
  CommissionPayout,
  CommissionPayoutInput,
  CommissionRateInput,
  CommissionRateView,
  CommissionReport,
  CommissionReportRow,
} from '../../core/commissions/commissions.schemas';
import { recordAudit } from '../audit/audit-events.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { readUserNames } from '../inventory/inventory-documents';

// Commissions (issue 20, docs/decisions/0025): rates, the report computed from the sale documents
// (core/commissions/commission.rules.ts has the arithmetic) and payouts that lock a period.
// A sale earns its cashier commission in the period of the sale; a return claws back from the
// original sale's cashier in the period of the return; a voided sale earns nothing.

export interface CommissionActor {
  tenantId: string;
  userId: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const shopTimeZone = sql`coalesce((select bs.time_zone from business_settings bs limit 1), 'Africa/Nairobi')`;

// ─── Rates ─────────────────────────────────────────────────────────────────────────────────────

interface RateRow {
  id: string;
  user_id: string | null;
  category_id: string | null;
  category_name: string | null;
  product_id: string | null;
  product_name: string | null;
  basis: CommissionRate['basis'];
  rate_bps: number | null;
  amount_minor: number | null;
  updated_at: string | Date;
}

const rateSelect = sql`select r.id, r.user_id, r.category_id, c.name as category_name, r.product_id, p.name as product_name,
    r.basis, r.rate_bps, r.amount_minor, r.updated_at
  from commission_rates r left join product_categories c on c.id = r.category_id left join products p on p.id = r.product_id`;

async function readRates(tx: TenantTx, where: SQL = sql`true`): Promise<RateRow[]> {
  return queryRows<RateRow>(tx, sql`${rateSelect} where ${where} order by r.user_id nulls first, p.name nulls first, c.name nulls first`);
}

async function toRateViews(database: Database, rows: RateRow[]): Promise<CommissionRateView[]> {
  const names = await readUserNames(database, rows.map((row) => row.user_id));
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    userName: row.user_id ? (names.get(row.user_id) ?? null) : null,
    categoryId: row.category_id,
    categoryName: row.category_name,
    productId: row.product_id,
    productName: row.product_name,
    basis: row.basis,
    rateBps: row.rate_bps,
    amountMinor: row.amount_minor,
    updatedAt: iso(row.updated_at),
  }));
}

export async function listRates(database: Database, tenantId: string): Promise<CommissionRateView[]> {
  return toRateViews(database, await database.withTenant(tenantId, (tx) => readRates(tx)));
}

const rateFigures = (row: Pick<RateRow, 'basis' | 'rate_bps' | 'amount_minor'>) => ({ basis: row.basis, rateBps: row.rate_bps, amountMinor: row.amount_minor });

/**
 * Sets the rate for a person (or everyone) on a product, a category or everything: one rate per
 * target, replaced in place. The person must be a member and the product or category this shop's.
 */
export async function setRate(database: Database, actor: CommissionActor, input: CommissionRateInput): Promise<CommissionRateView> {
  const row = await database.withTenant(actor.tenantId, async (tx) => {
    await checkRateTarget(tx, input);
    const same = (column: string, value: string | null) => (value === null ? sql`${sql.identifier(column)} is null` : sql`${sql.identifier(column)} = ${value}`);
    const scope = sql.join([same('user_id', input.userId), same('category_id', input.categoryId), same('product_id', input.productId)], sql` and `);
    const [current] = await queryRows<RateRow>(tx, sql`select * from commission_rates where ${scope} for update`);
    const [saved] = current
      ? await queryRows<{ id: string }>(
          tx,
          sql`update commission_rates set basis = ${input.basis}, rate_bps = ${input.rateBps}, amount_minor = ${input.amountMinor}, updated_at = now()
              where id = ${current.id} returning id`,
        )
      : await queryRows<{ id: string }>(
          tx,
          sql`insert into commission_rates (tenant_id, user_id, category_id, product_id, basis, rate_bps, amount_minor)
              values (${actor.tenantId}, ${input.userId}, ${input.categoryId}, ${input.productId}, ${input.basis}, ${input.rateBps}, ${input.amountMinor})
              returning id`,
        );
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'commission.rate_set',
      entity: 'commission_rate',
      entityId: saved!.id,
      before: current ? rateFigures(current) : null,
      after: { basis: input.basis, rateBps: input.rateBps, amountMinor: input.amountMinor },
      details: { userId: input.userId, categoryId: input.categoryId, productId: input.productId },
    });
    const [read] = await readRates(tx, sql`r.id = ${saved!.id}`);
    return read!;
  });
  const [view] = await toRateViews(database, [row]);
  return view!;
}

async function checkRateTarget(tx: TenantTx, input: CommissionRateInput) {
  const refuse = (field: string, message: string) => new HttpError('validation_failed', message, { [field]: [message] });
  if (input.userId) {
    const [member] = await queryRows<{ id: string }>(tx, sql`select id from tenant_users where user_id = ${input.userId}`);
    if (!member) throw refuse('userId', /*i18n*/ 'This person is not a member of this shop');
  }
  if (input.productId) {
    const [product] = await queryRows<{ id: string }>(tx, sql`select id from products where id = ${input.productId}`);
    if (!product) throw refuse('productId', /*i18n*/ 'Product not found');
  }
  if (input.categoryId) {
    const [category] = await queryRows<{ id: string }>(tx, sql`select id from product_categories where id = ${input.categoryId}`);
    if (!category) throw refuse('categoryId', /*i18n*/ 'Category not found');
  }
}

export async function removeRate(database: Database, actor: CommissionActor, rateId: string): Promise<void> {
  await database.withTenant(actor.tenantId, async (tx) => {
    const [removed] = await queryRows<RateRow>(tx, sql`delete from commission_rates where id = ${rateId} returning *`);
    if (!removed) throw notFound(/*i18n*/ 'Commission rate not found');
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'commission.rate_removed',
      entity: 'commission_rate',
      entityId: rateId,
      before: rateFigures(removed),
      details: { userId: removed.user_id, categoryId: removed.category_id, productId: removed.product_id },
    });
  });
}

/** The shop's members, active or not (a past cashier's commission is still reported), by name. */
export async function listStaff(database: Database, tenantId: string): Promise<{ userId: string; name: string; role: string }[]> {
  const members = await database.withTenant(tenantId, (tx) => queryRows<{ user_id: string; role: string }>(tx, sql`select user_id, role from tenant_users`));
  const names = await readUserNames(database, members.map((member) => member.user_id));
  return members
    .map((member) => ({ userId: member.user_id, name: names.get(member.user_id) ?? member.user_id, role: member.role }))
    .sort((left, right) => left.name.localeCompare(right.name));
}

// ─── The report ────────────────────────────────────────────────────────────────────────────────

export interface Period {
  from: string;
  to: string;
}

interface DocumentLineRow {
  kind: 'sale' | 'return';
  id: string;
  code: string;
  created_at: string | Date;
  user_id: string;
  amount_minor: number;
  tax_minor: number;
  stock_milli: number;
  product_id: string;
  category_id: string | null;
}

interface ComputedDocument {
  kind: 'sale' | 'return';
  id: string;
  code: string;
  createdAt: string;
  userId: string;
  netMinor: number;
  commissionMinor: number;
}

const inPeriod = (column: SQL, period: Period) =>
  sql`${column} >= (${period.from}::date)::timestamp at time zone ${shopTimeZone} and ${column} < (${period.to}::date + 1)::timestamp at time zone ${shopTimeZone}`;

/** Every line of the period's sales (not voided) and returns, with whose commission it moves. */
function readDocumentLines(tx: TenantTx, period: Period, userId: string | null): Promise<DocumentLineRow[]> {
  const saleUser = userId ? sql`and s.cashier_id = ${userId}` : sql``;
  return queryRows<DocumentLineRow>(
    tx,
    sql`select 'sale' as kind, s.id, s.receipt_code as code, s.created_at, s.cashier_id as user_id, l.total_minor as amount_minor, l.tax_minor,
               round(l.stock_quantity * 1000)::int as stock_milli, v.product_id, p.category_id
        from sales s join sale_lines l on l.sale_id = s.id join product_variants v on v.id = l.variant_id join products p on p.id = v.product_id
        where s.status <> 'voided' and s.cashier_id is not null ${saleUser} and ${inPeriod(sql`s.created_at`, period)}
        union all
        select 'return', r.id, r.return_code, r.created_at, s.cashier_id, rl.amount_minor, rl.tax_minor,
               round(rl.stock_quantity * 1000)::int, v.product_id, p.category_id
        from sale_returns r join sales s on s.id = r.sale_id join sale_return_lines rl on rl.return_id = r.id
             join product_variants v on v.id = rl.variant_id join products p on p.id = v.product_id
        where s.cashier_id is not null ${saleUser} and ${inPeriod(sql`r.created_at`, period)}
        order by created_at, id`,
  );
}

/** The category and its parents, nearest first, for every category of the shop. */
async function readCategoryPaths(tx: TenantTx): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ id: string; parent_id: string | null }>(tx, sql`select id, parent_id from product_categories`);
  const parents = new Map(rows.map((row) => [row.id, row.parent_id]));
  const paths = new Map<string, string[]>();
  for (const { id } of rows) {
    const path: string[] = [];
    for (let at: string | null = id; at && !path.includes(at); at = parents.get(at) ?? null) path.push(at);
    paths.set(id, path);
  }
  return paths;
}

/** The period's documents with their net (ex-VAT) and commission, each rounded once. */
async function computeDocuments(tx: TenantTx, period: Period, userId: string | null): Promise<ComputedDocument[]> {
  const [lines, rates, paths] = [await readDocumentLines(tx, period, userId), await readRates(tx), await readCategoryPaths(tx)];
  const rateOf = (line: DocumentLineRow) =>
    resolveRate(
      rates.map((rate) => ({ userId: rate.user_id, categoryId: rate.category_id, productId: rate.product_id, ...rateFigures(rate) })),
      { userId: line.user_id, productId: line.product_id, categoryPath: line.category_id ? (paths.get(line.category_id) ?? []) : [] },
    );
  const byDocument = new Map<string, DocumentLineRow[]>();
  for (const line of lines) byDocument.set(`${line.kind}:${line.id}`, [...(byDocument.get(`${line.kind}:${line.id}`) ?? []), line]);
  return [...byDocument.values()].map((documentLines) => {
    const first = documentLines[0]!;
    const commissionLines = documentLines.map((line) => ({ netMinor: netOfVat(line.amount_minor, line.tax_minor), stockQuantityMilli: line.stock_milli, rate: rateOf(line) }));
    const sign = first.kind === 'return' ? -1 : 1;
    return {
      kind: first.kind,
      id: first.id,
      code: first.code,
      createdAt: iso(first.created_at),
      userId: first.user_id,
      netMinor: commissionLines.reduce((sum, line) => sum + line.netMinor, 0),
      commissionMinor: sign * documentCommission(commissionLines),
    };
  });
}

interface PayoutRow {
  id: string;
  user_id: string;
  period_start: string;
  period_end: string;
  sales_net_minor: number;
  returns_net_minor: number;
  commission_minor: number;
  note: string | null;
  paid_by: string;
  created_at: string | Date;
}

// Days as text: a date column parsed into a Date would move with the server's time zone.
const payoutColumns = sql`id, user_id, period_start::text as period_start, period_end::text as period_end, sales_net_minor, returns_net_minor,
  commission_minor, note, paid_by, created_at`;

function toPayout(row: PayoutRow, names: Map<string, string>): CommissionPayout {
  return {
    id: row.id,
    userId: row.user_id,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    salesNetMinor: row.sales_net_minor,
    returnsNetMinor: row.returns_net_minor,
    commissionMinor: row.commission_minor,
    note: row.note,
    paidBy: row.paid_by,
    paidByName: names.get(row.paid_by) ?? null,
    createdAt: iso(row.created_at),
  };
}

function totals(documents: ComputedDocument[]) {
  const sales = documents.filter((document) => document.kind === 'sale');
  const returns = documents.filter((document) => document.kind === 'return');
  const sum = (list: ComputedDocument[], pick: (document: ComputedDocument) => number) => list.reduce((total, document) => total + pick(document), 0);
  return {
    saleCount: sales.length,
    returnCount: returns.length,
    salesNetMinor: sum(sales, (document) => document.netMinor),
    returnsNetMinor: sum(returns, (document) => document.netMinor),
    commissionMinor: sum(documents, (document) => document.commissionMinor),
  };
}

/**
 * Per person with documents or a payout in the period: sales and returns net of VAT and the
 * commission. A person paid for exactly this period shows the payout's figures (the period is locked).
 */
export async function commissionReport(database: Database, tenantId: string, period: Period): Promise<CommissionReport> {
  const { documents, payouts } = await database.withTenant(tenantId, async (tx) => ({
    documents: await computeDocuments(tx, period, null),
    payouts: await queryRows<PayoutRow>(tx, sql`select ${payoutColumns} from commission_payouts where period_start <= ${period.to} and period_end >= ${period.from}`),
  }));
  const userIds = [...new Set([...documents.map((document) => document.userId), ...payouts.map((payout) => payout.user_id)])];
  const names = await readUserNames(database, [...userIds, ...payouts.map((payout) => payout.paid_by)]);
  const rows: CommissionReportRow[] = userIds.map((userId) => {
    const own = payouts.filter((payout) => payout.user_id === userId);
    const exact = own.find((payout) => payout.period_start === period.from && payout.period_end === period.to);
    const computed = totals(documents.filter((document) => document.userId === userId));
    const figures = exact
      ? { ...computed, salesNetMinor: exact.sales_net_minor, returnsNetMinor: exact.returns_net_minor, commissionMinor: exact.commission_minor }
      : computed;
    return { userId, name: names.get(userId) ?? userId, ...figures, payout: exact ? toPayout(exact, names) : null, overlapsPayout: !exact && own.length > 0 };
  });
  rows.sort((left, right) => left.name.localeCompare(right.name));
  return { ...period, rows };
}

/** A person's documents in the period, oldest first: the report's drill-down. */
export async function commissionDetail(database: Database, tenantId: string, userId: string, period: Period): Promise<CommissionDetail> {
  const documents = await database.withTenant(tenantId, (tx) => computeDocuments(tx, period, userId));
  const names = await readUserNames(database, [userId]);
  return {
    userId,
    name: names.get(userId) ?? userId,
    ...period,
    documents: documents.map(({ kind, id, code, createdAt, netMinor, commissionMinor }) => ({ kind, id, code, createdAt, netMinor, commissionMinor })),
  };
}

// ─── Payouts ───────────────────────────────────────────────────────────────────────────────────

/** Advisory lock space of commission payouts, one lock per person (two-key form, as the sales'). */
const PAYOUT_LOCK_SPACE = 2_020_049;

/**
 * Records a person's commission for a period as paid, with the figures computed now, and locks
 * the period: no payout of theirs may share a day with it (409). A retry with the same id answers
 * the first payout; another body under that id is refused.
 */
export async function recordPayout(database: Database, actor: CommissionActor, input: CommissionPayoutInput): Promise<{ payout: CommissionPayout; replayed: boolean }> {
  const outcome = await database.withTenant(actor.tenantId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK_SPACE}::int, hashtext(${input.userId}))`);
    const [existing] = await queryRows<PayoutRow>(tx, sql`select ${payoutColumns} from commission_payouts where id = ${input.id}`);
    if (existing) {
      const same = existing.user_id === input.userId && existing.period_start === input.from && existing.period_end === input.to;
      if (!same) throw new HttpError('conflict', /*i18n*/ 'This payout id was already used for another payout');
      return { row: existing, replayed: true };
    }
    const [member] = await queryRows<{ id: string }>(tx, sql`select id from tenant_users where user_id = ${input.userId}`);
    if (!member) {
      const message = /*i18n*/ 'This person is not a member of this shop';
      throw new HttpError('validation_failed', message, { userId: [message] });
    }
    const paid = await queryRows<PayoutRow>(tx, sql`select ${payoutColumns} from commission_payouts where user_id = ${input.userId}`);
    if (paid.some((payout) => periodsOverlap({ from: payout.period_start, to: payout.period_end }, input))) {
      const message = /*i18n*/ 'Part of this period is already paid: pay a period that starts after the last payout';
      throw new HttpError('conflict', message, { from: [message] });
    }
    const figures = totals(await computeDocuments(tx, input, input.userId));
    const [row] = await queryRows<PayoutRow>(
      tx,
      sql`insert into commission_payouts (tenant_id, id, user_id, period_start, period_end, sales_net_minor, returns_net_minor, commission_minor, note, paid_by)
          values (${actor.tenantId}, ${input.id}, ${input.userId}, ${input.from}, ${input.to}, ${figures.salesNetMinor}, ${figures.returnsNetMinor},
                  ${figures.commissionMinor}, ${input.note}, ${actor.userId})
          returning ${payoutColumns}`,
    );
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'commission.payout',
      entity: 'commission_payout',
      entityId: input.id,
      after: { userId: input.userId, from: input.from, to: input.to, ...figures },
    });
    return { row: row!, replayed: false };
  });
  const names = await readUserNames(database, [outcome.row.paid_by]);
  return { payout: toPayout(outcome.row, names), replayed: outcome.replayed };
}

export async function listPayouts(database: Database, tenantId: string, userId: string | null): Promise<CommissionPayout[]> {
  const where = userId ? sql`where user_id = ${userId}` : sql``;
  const rows = await database.withTenant(tenantId, (tx) => queryRows<PayoutRow>(tx, sql`select ${payoutColumns} from commission_payouts ${where} order by period_start desc, created_at desc`));
  const names = await readUserNames(database, rows.map((row) => row.paid_by));
  return rows.map((row) => toPayout(row, names));
}
