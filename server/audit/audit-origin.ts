import { AsyncLocalStorage } from 'node:async_hooks';

// Where an audited action came from (issue 20): the client address the server trusts, the
// device's user agent and the request id. The services that record actions take a tenant
// transaction and an actor, not the HTTP context, so the request's origin travels with the
// request's async work instead of through every service's signature.

export interface AuditOrigin {
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const requestOrigin = new AsyncLocalStorage<AuditOrigin>();

/** The origin of the request being served; all null outside one (jobs, the demo seed). */
export function currentAuditOrigin(): AuditOrigin {
  return requestOrigin.getStore() ?? { ipAddress: null, userAgent: null, requestId: null };
}

export function runWithAuditOrigin<T>(origin: AuditOrigin, work: () => Promise<T>): Promise<T> {
  return requestOrigin.run(origin, work);
}
