import { sql, type SQL } from 'drizzle-orm';
import { changedSides } from '../../core/audit/audit-diff.rules';
import { escapeFormula, serializeCsvRecord } from '../../core/products/csv.rules';
import type { AuditEventView, AuditList, AuditListQuery } from '../../core/audit/audit.schemas';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { auditEvents } from '../db/schema/audit';
import { readUserNames } from '../inventory/inventory-documents';
import { currentAuditOrigin } from './audit-origin';

// The shop's audit log (issue 20, docs/decisions/0025): one writer, in the caller's transaction,
// so an event commits with the change it records or neither does. Action names: `<area>.<verb>`
// (core/audit/audit.schemas.ts lists them).

export interface AuditEntry {
  tenantId: string;
  actorUserId: string;
  action: string;
  entity?: string | null;
  entityId?: string | null;
  /** The manager or admin whose approval the action spent. */
  approvedByUserId?: string | null;
  /** The fields as they were and as they became. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  details?: Record<string, unknown>;
  /** Taken from the request being served when not given (server/audit/audit-context.ts). */
  ipAddress?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

/** Appends one event to the shop's audit log in the caller's transaction (append-only for the app role). */
export async function recordAudit(tx: TenantTx, entry: AuditEntry): Promise<void> {
  const origin = currentAuditOrigin();
  await tx.insert(auditEvents).values({
    tenantId: entry.tenantId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId ?? null,
    approvedByUserId: entry.approvedByUserId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    details: entry.details ?? {},
    ipAddress: entry.ipAddress ?? origin.ipAddress,
    userAgent: entry.userAgent ?? origin.userAgent,
    requestId: entry.requestId ?? origin.requestId,
  });
}

export interface SettingsChange {
  tenantId: string;
  actorUserId: string;
  action: string;
  entity: string;
  /** The row, when the shop has several (a location's own till or eTIMS device). */
  entityId?: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** Secret fields the save replaced or cleared (API keys, passkeys): named, never valued. */
  secretsChanged?: string[];
  details?: Record<string, unknown>;
}

/**
 * A settings save, in its transaction: recorded with only the fields that changed, before and
 * after; nothing when the save changed nothing. A secret is never given here as a value, only
 * named in `secretsChanged`, so the log says that it changed, never what it is.
 */
export async function recordSettingsChange(tx: TenantTx, change: SettingsChange): Promise<void> {
  const sides = changedSides(change.before, change.after);
  const secretsChanged = change.secretsChanged ?? [];
  if (!sides && secretsChanged.length === 0) return;
  await recordAudit(tx, {
    tenantId: change.tenantId,
    actorUserId: change.actorUserId,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    ...sides,
    details: { ...change.details, ...(secretsChanged.length ? { secretsChanged } : {}) },
  });
}

export type AuditEvent = Omit<AuditEntry, 'tenantId'>;

/** The same in a transaction of its own (the guard's record of a platform admin's request, a download). */
export async function recordAuditEvent(database: Database, tenantId: string, event: AuditEvent): Promise<void> {
  await database.withTenant(tenantId, (tx) => recordAudit(tx, { tenantId, ...event }));
}

// ─── Reading the log ───────────────────────────────────────────────────────────────────────────

interface EventRow {
  id: string;
  created_at: string | Date;
  actor_user_id: string;
  action: string;
  entity: string | null;
  entity_id: string | null;
  approved_by_user_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  request_id: string | null;
  details: Record<string, unknown>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  total: string | number;
}

type AuditFilters = Pick<AuditListQuery, 'actorUserId' | 'action' | 'from' | 'to'>;

const shopTimeZone = sql`coalesce((select bs.time_zone from business_settings bs limit 1), 'Africa/Nairobi')`;

/** The filters as one condition; days are the shop's, both ends included. */
function eventConditions(filters: AuditFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.actorUserId) conditions.push(sql`e.actor_user_id = ${filters.actorUserId}`);
  if (filters.action) conditions.push(sql`e.action = ${filters.action}`);
  if (filters.from) conditions.push(sql`e.created_at >= (${filters.from}::date)::timestamp at time zone ${shopTimeZone}`);
  if (filters.to) conditions.push(sql`e.created_at < (${filters.to}::date + 1)::timestamp at time zone ${shopTimeZone}`);
  return sql.join(conditions, sql` and `);
}

const eventColumns = sql`e.id, e.created_at, e.actor_user_id, e.action, e.entity, e.entity_id, e.approved_by_user_id,
  e.ip_address, e.user_agent, e.request_id, e.details, e.before, e.after`;

async function withNames(database: Database, rows: EventRow[]): Promise<AuditEventView[]> {
  const names = await readUserNames(database, rows.flatMap((row) => [row.actor_user_id, row.approved_by_user_id]));
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    actorUserId: row.actor_user_id,
    actorName: names.get(row.actor_user_id) ?? null,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    approvedByUserId: row.approved_by_user_id,
    approvedByName: row.approved_by_user_id ? (names.get(row.approved_by_user_id) ?? null) : null,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    requestId: row.request_id,
    details: row.details,
    before: row.before,
    after: row.after,
  }));
}

/** A page of the log, newest first unless asked otherwise, with the filters' total. */
export async function listAuditEvents(database: Database, tenantId: string, query: AuditListQuery): Promise<AuditList> {
  const direction = query.direction === 'asc' ? sql`asc` : sql`desc`;
  const rows = await database.withTenant(tenantId, (tx) =>
    queryRows<EventRow>(
      tx,
      sql`select ${eventColumns}, count(*) over () as total from audit_events e where ${eventConditions(query)}
          order by e.created_at ${direction}, e.id ${direction}
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
  );
  const total = rows[0] ? Number(rows[0].total) : await countEvents(database, tenantId, query, query.page);
  return { items: await withNames(database, rows), total, page: query.page, pageSize: query.pageSize };
}

/** A page past the end has no row to carry the total: count it then (rare). */
async function countEvents(database: Database, tenantId: string, filters: AuditFilters, page: number): Promise<number> {
  if (page === 1) return 0;
  const [row] = await database.withTenant(tenantId, (tx) => queryRows<{ total: number }>(tx, sql`select count(*)::int as total from audit_events e where ${eventConditions(filters)}`));
  return row?.total ?? 0;
}

/** One event, or null (another shop's id finds nothing: RLS). */
export async function readAuditEvent(database: Database, tenantId: string, id: string): Promise<AuditEventView | null> {
  const rows = await database.withTenant(tenantId, (tx) => queryRows<EventRow>(tx, sql`select ${eventColumns}, 1 as total from audit_events e where e.id = ${id}`));
  return rows.length ? (await withNames(database, rows))[0]! : null;
}

/** The people who appear in the log as actors, by name. */
export async function listAuditActors(database: Database, tenantId: string): Promise<{ userId: string; name: string }[]> {
  const rows = await database.withTenant(tenantId, (tx) => queryRows<{ actor_user_id: string }>(tx, sql`select distinct actor_user_id from audit_events`));
  const names = await readUserNames(database, rows.map((row) => row.actor_user_id));
  return rows
    .map((row) => ({ userId: row.actor_user_id, name: names.get(row.actor_user_id) ?? row.actor_user_id }))
    .sort((left, right) => left.name.localeCompare(right.name));
}

export const AUDIT_CSV_LIMIT = 10_000;
const CSV_COLUMNS = ['time', 'person', 'action', 'entity', 'entity_id', 'approved_by', 'ip_address', 'user_agent', 'before', 'after', 'details'];

/** The filtered log as CSV, oldest first, up to AUDIT_CSV_LIMIT rows (the download itself is recorded as export.csv). */
export async function exportAuditCsv(database: Database, tenantId: string, filters: AuditFilters): Promise<string> {
  const rows = await database.withTenant(tenantId, (tx) =>
    queryRows<EventRow>(
      tx,
      sql`select ${eventColumns}, 0 as total from audit_events e where ${eventConditions(filters)} order by e.created_at asc, e.id asc limit ${AUDIT_CSV_LIMIT}`,
    ),
  );
  const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '');
  const lines = (await withNames(database, rows)).map((event) =>
    serializeCsvRecord(
      [
        event.createdAt,
        event.actorName ?? event.actorUserId,
        event.action,
        event.entity ?? '',
        event.entityId ?? '',
        event.approvedByName ?? event.approvedByUserId ?? '',
        event.ipAddress ?? '',
        event.userAgent ?? '',
        json(event.before),
        json(event.after),
        json(event.details),
      ].map(escapeFormula),
    ),
  );
  return `\uFEFF${serializeCsvRecord(CSV_COLUMNS)}${lines.join('')}`;
}
