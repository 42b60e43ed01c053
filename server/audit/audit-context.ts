import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context';
import { clientAddress } from '../http/request-meta';
import { recordAuditEvent } from './audit-events.service';
import { runWithAuditOrigin, type AuditOrigin } from './audit-origin';

const USER_AGENT_MAX = 400;

/** A file a shop member took away: CSV or PDF, from any area. Import templates carry no shop data. */
function downloadKind(c: Parameters<MiddlewareHandler<AppEnv>>[0]): 'csv' | 'pdf' | null {
  if (c.req.method !== 'GET' || c.res.status !== 200 || c.req.path.endsWith('/template.csv')) return null;
  const type = c.res.headers.get('content-type') ?? '';
  if (type.startsWith('text/csv')) return 'csv';
  if (type.startsWith('application/pdf')) return 'pdf';
  return null;
}

/**
 * Runs an API request with its origin known to recordAudit, and records every CSV or PDF a shop
 * member downloads (`export.csv`, `export.pdf`) before the file leaves: should the event not be
 * written, the download fails, so no export goes unrecorded.
 */
export const auditRequestScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin: AuditOrigin = {
    ipAddress: clientAddress(c),
    userAgent: c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
    requestId: c.var.requestId,
  };
  await runWithAuditOrigin(origin, async () => {
    await next();
    const kind = downloadKind(c);
    const tenantId = c.get('tenantId');
    const principal = c.get('principal');
    if (!kind || !tenantId || !principal) return;
    await recordAuditEvent(c.var.deps.database, tenantId, {
      actorUserId: principal.userId,
      action: `export.${kind}`,
      entity: 'file',
      entityId: c.req.path,
      details: { query: c.req.query(), fileName: fileNameOf(c.res.headers.get('content-disposition')) },
    });
  });
};

function fileNameOf(disposition: string | null): string | null {
  return disposition?.match(/filename="([^"]+)"/)?.[1] ?? null;
}
