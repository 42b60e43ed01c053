import type { Database, TenantTx } from '../db/client';
import { auditEvents } from '../db/schema/audit';

export interface AuditEvent {
  actorUserId: string;
  /** What was done, e.g. "POST /api/products/{id}". */
  action: string;
  entity?: string | null;
  entityId?: string | null;
  details?: Record<string, unknown>;
  requestId?: string | null;
}

/** Appends one event to the shop's audit trail (append-only: the app role cannot change it). */
export async function recordAuditEvent(database: Database, tenantId: string, event: AuditEvent): Promise<void> {
  await database.withTenant(tenantId, (tx) => appendAuditEvent(tx, tenantId, event));
}

/** The same, in the caller's transaction: the event commits with the change it records, or neither does. */
export async function appendAuditEvent(tx: TenantTx, tenantId: string, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    tenantId,
    actorUserId: event.actorUserId,
    action: event.action,
    entity: event.entity ?? null,
    entityId: event.entityId ?? null,
    details: event.details ?? {},
    requestId: event.requestId ?? null,
  });
}
