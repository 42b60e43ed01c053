import { inArray, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { SecurityEventKind } from '../../core/platform/security.schemas';
import { currentAuditOrigin } from '../audit/audit-origin';
import { securityEvents } from '../db/schema/platform';
import type { AppDependencies, AppEnv } from '../http/context';
import type { JobDefinition } from '../jobs/job-queue';

// The recorder of the console's Security page (docs/platform.md "Security"). Best-effort but within
// the request: an event that cannot be written is logged and the request goes on as it would have,
// so a full disk or a lost connection never turns a sign-in or a refusal into a 500. The client
// address and device come with the request (server/audit/audit-origin.ts).

const USER_AGENT_MAX = 400;

/** How long an event is kept: longer than the page's widest window (7 days) and a quarter of look-back. */
export const SECURITY_EVENT_RETENTION_DAYS = 90;
export const SECURITY_EVENTS_RETENTION_JOB = 'platform.security-events-retention';
const RETENTION_BATCH = 5_000;

export interface SecurityEventEntry {
  kind: SecurityEventKind;
  email?: string | null;
  userId?: string | null;
  tenantId?: string | null;
  detail?: Record<string, unknown>;
}

export async function recordSecurityEvent(deps: Pick<AppDependencies, 'database' | 'logger'>, entry: SecurityEventEntry): Promise<void> {
  const origin = currentAuditOrigin();
  try {
    await deps.database.platform.insert(securityEvents).values({
      kind: entry.kind,
      email: entry.email?.trim().toLowerCase() ?? null,
      userId: entry.userId ?? null,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      tenantId: entry.tenantId ?? null,
      detail: entry.detail ?? {},
    });
  } catch (error) {
    deps.logger.warn({ err: error, kind: entry.kind }, 'A security event could not be recorded');
  }
}

/** The shop whose address the request came to; null on the platform's own address or should the lookup fail. */
export async function hostTenantId(c: Context<AppEnv>): Promise<string | null> {
  try {
    return (await c.var.deps.tenantResolver.resolve(c.req.header('host'))).tenant?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * A request a rate limit refused (the app's error handler calls this for each one). The route's
 * pattern, not the address: a path may carry a code or a token.
 */
export async function recordRateLimited(c: Context<AppEnv>, rule: string): Promise<void> {
  await recordSecurityEvent(c.var.deps, {
    kind: 'rate_limited',
    tenantId: await hostTenantId(c),
    detail: { rule, method: c.req.method, route: routePath(c) },
  });
}

/** A provider's callback refused for a wrong signature or token; `path` with any token already masked. */
export async function recordRefusedCallback(
  c: Context<AppEnv>,
  callback: { provider: 'paystack' | 'whatsapp' | 'africastalking' | 'mpesa'; path: string; reason: 'bad_signature' | 'wrong_token' | 'not_configured'; tenantId?: string | null },
): Promise<void> {
  await recordSecurityEvent(c.var.deps, {
    kind: 'webhook_signature_failed',
    tenantId: callback.tenantId ?? null,
    detail: { provider: callback.provider, path: callback.path, reason: callback.reason },
  });
}

/**
 * Removes the events older than SECURITY_EVENT_RETENTION_DAYS, a batch at a time (each its own
 * statement, by security_events_created_idx), four times a day: a burst of refused callbacks or
 * sign-in attempts grows the table, and nobody reads it past the look-back.
 */
export function securityEventsRetentionJob(deps: Pick<AppDependencies, 'database' | 'logger'>): JobDefinition {
  return {
    name: SECURITY_EVENTS_RETENTION_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + 6 * 3_600_000) },
    async handler(context) {
      const db = deps.database.platform;
      const cutoff = new Date(context.now.getTime() - SECURITY_EVENT_RETENTION_DAYS * 86_400_000);
      let removed = 0;
      for (;;) {
        const batch = db.select({ id: securityEvents.id }).from(securityEvents).where(lt(securityEvents.createdAt, cutoff)).limit(RETENTION_BATCH);
        const deleted = await db.delete(securityEvents).where(inArray(securityEvents.id, batch)).returning({ id: securityEvents.id });
        removed += deleted.length;
        if (deleted.length < RETENTION_BATCH) break;
        await context.extendLease();
      }
      if (removed > 0) deps.logger.info({ removed, before: cutoff.toISOString() }, 'Old security events removed');
    },
  };
}
