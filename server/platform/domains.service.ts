import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { isUnderPlatformDomain, UNDER_PLATFORM_DOMAIN_MESSAGE, verificationRecord } from '../../core/platform/domains.rules';
import type { DomainCheckError, TenantDomain, TenantDomains } from '../../core/platform/domains.schemas';
import { isUniqueViolation } from '../db/errors';
import { tenantDomains } from '../db/schema/tenancy';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { createTxtResolver, type TxtLookup } from './dns-txt-resolver';
import { recordPlatformAudit } from './platform-audit';
import { isoOrNull } from './platform-sql';
import { requireTenant } from './tenants.service';

// A shop's custom domains (issue 21, docs/platform.md "Custom domains"). A domain is added
// unverified with a random token; "verify" looks up `_dukani-verification.<domain>` TXT and, when
// a record carries the token, marks it verified: from then on the tenant resolver
// (get_tenant_by_domain) sends that host to the shop. tenant_domains is a platform table.

type DomainsDeps = Pick<AppDependencies, 'database' | 'config' | 'tenantResolver'>;
type DomainRow = typeof tenantDomains.$inferSelect;

const DOMAIN_NOT_FOUND = /*i18n*/ 'This shop has no such domain';

function toTenantDomain(row: DomainRow): TenantDomain {
  return {
    id: row.id,
    domain: row.domain,
    isCustomDomain: row.isCustomDomain,
    verifiedAt: isoOrNull(row.verifiedAt),
    verification: row.isCustomDomain && row.verificationToken ? verificationRecord(row.domain, row.verificationToken) : null,
    lastCheckedAt: isoOrNull(row.lastCheckedAt),
    lastCheckError: row.lastCheckError as DomainCheckError | null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The shop's domain records, its CNAME target and the platform's root domains. */
export async function listDomains(deps: DomainsDeps, tenantId: string): Promise<TenantDomains> {
  const tenant = await requireTenant(deps.database.platform, tenantId);
  const rows = await deps.database.platform.select().from(tenantDomains).where(eq(tenantDomains.tenantId, tenantId)).orderBy(tenantDomains.domain);
  return {
    domains: rows.map(toTenantDomain),
    rootDomains: deps.config.rootDomains,
    cnameTarget: `${tenant.subdomain}.${deps.config.rootDomains[0]}`,
  };
}

async function requireCustomDomain(deps: DomainsDeps, tenantId: string, domainId: string): Promise<DomainRow> {
  const [row] = await deps.database.platform
    .select()
    .from(tenantDomains)
    .where(and(eq(tenantDomains.id, domainId), eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.isCustomDomain, true)));
  if (!row) throw new HttpError('not_found', DOMAIN_NOT_FOUND);
  return row;
}

/** Adds an unverified custom domain with a new token (audited); one another shop has is 409. */
export async function addDomain(deps: DomainsDeps, actorUserId: string, tenantId: string, domain: string): Promise<TenantDomains> {
  if (isUnderPlatformDomain(domain, deps.config.rootDomains)) {
    throw new HttpError('validation_failed', /*i18n*/ 'Check the domain', { domain: [UNDER_PLATFORM_DOMAIN_MESSAGE] });
  }
  await requireTenant(deps.database.platform, tenantId);
  try {
    await deps.database.platform.transaction(async (tx) => {
      const [row] = await tx
        .insert(tenantDomains)
        .values({ domain, tenantId, isCustomDomain: true, verificationToken: randomBytes(16).toString('hex') })
        .returning({ id: tenantDomains.id });
      await recordPlatformAudit(tx, { actorUserId, action: 'domain.added', tenantId, details: { domainId: row!.id, domain } });
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'tenant_domains_domain_unique')) throw error;
    const [holder] = await deps.database.platform.select({ tenantId: tenantDomains.tenantId }).from(tenantDomains).where(eq(tenantDomains.domain, domain));
    const message = holder?.tenantId === tenantId ? /*i18n*/ 'This shop has this domain already' : /*i18n*/ 'Another shop uses this domain';
    throw new HttpError('conflict', message, { domain: [message] });
  }
  return listDomains(deps, tenantId);
}

/** What a lookup says about the expected value: verified, or why not. */
function checkOutcome(lookup: TxtLookup, expected: string): DomainCheckError | null {
  switch (lookup.kind) {
    case 'found':
      return lookup.values.some((value) => value.trim() === expected) ? null : 'wrong_value';
    case 'none':
      return 'no_record';
    case 'timeout':
      return 'timeout';
    case 'failed':
      return 'dns_error';
  }
}

/**
 * Looks up the domain's verification record now. Found with the token: verified (audited), and
 * this server forgets its cached answer for the host. Otherwise the reason is kept for the card
 * (and audited as a failed check). A domain verified already is answered as it is.
 */
export async function verifyDomain(deps: DomainsDeps, actorUserId: string, tenantId: string, domainId: string): Promise<TenantDomain> {
  const row = await requireCustomDomain(deps, tenantId, domainId);
  if (row.verifiedAt || !row.verificationToken) return toTenantDomain(row);
  const record = verificationRecord(row.domain, row.verificationToken);
  // Outside any transaction: a slow name server must not hold a database connection.
  const lookup = await createTxtResolver(deps.config.dnsResolver)(record.name);
  const error = checkOutcome(lookup, record.value);
  const now = new Date();
  const updated = await deps.database.platform.transaction(async (tx) => {
    const [changed] = await tx
      .update(tenantDomains)
      .set({ verifiedAt: error ? null : now, lastCheckedAt: now, lastCheckError: error, updatedAt: now })
      .where(and(eq(tenantDomains.id, domainId), eq(tenantDomains.tenantId, tenantId), isNull(tenantDomains.verifiedAt)))
      .returning();
    // Removed, or verified by another admin, while the lookup ran.
    if (!changed) return null;
    const details = { domainId, domain: row.domain };
    await recordPlatformAudit(
      tx,
      error
        ? { actorUserId, action: 'domain.check_failed', tenantId, details: { ...details, error } }
        : { actorUserId, action: 'domain.verified', tenantId, before: { verifiedAt: null }, after: { verifiedAt: now.toISOString() }, details },
    );
    return changed;
  });
  if (!updated) return toTenantDomain(await requireCustomDomain(deps, tenantId, domainId));
  if (!error) deps.tenantResolver.invalidate(row.domain);
  return toTenantDomain(updated);
}

/** Removes a custom domain (audited): the host stops reaching the shop (at once on this server). */
export async function removeDomain(deps: DomainsDeps, actorUserId: string, tenantId: string, domainId: string): Promise<TenantDomains> {
  const domain = await deps.database.platform.transaction(async (tx) => {
    const [removed] = await tx
      .delete(tenantDomains)
      .where(and(eq(tenantDomains.id, domainId), eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.isCustomDomain, true)))
      .returning();
    if (!removed) throw new HttpError('not_found', DOMAIN_NOT_FOUND);
    await recordPlatformAudit(tx, {
      actorUserId,
      action: 'domain.removed',
      tenantId,
      details: { domainId, domain: removed.domain, wasVerified: removed.verifiedAt !== null },
    });
    return removed.domain;
  });
  // After the commit: a request resolving the host meanwhile would otherwise cache the old answer again.
  deps.tenantResolver.invalidate(domain);
  return listDomains(deps, tenantId);
}
