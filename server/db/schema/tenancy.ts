import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

// Platform tables: global, not tenant-owned (docs/decisions/0003-composite-keys-and-rls.md).
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    subdomain: text('subdomain').notNull().unique(),
    status: text('status').notNull().default('trial'),
    /**
     * Raised by triggers whenever what the tenant guard checks changes: this row's status, a
     * membership, the subscription (server/db/migrations/0026_tenant_access_triggers.sql). Read
     * with the session, it tells every app server that its cached access facts are stale.
     */
    accessVersion: bigint('access_version', { mode: 'number' }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('tenants_status_check', sql`${t.status} in ('active', 'trial', 'suspended', 'cancelled')`),
    index('tenants_status_idx').on(t.status),
    // The platform console's search by name or subdomain, in part (issue 21, docs/platform.md).
    index('tenants_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('tenants_subdomain_trgm').using('gin', sql`${t.subdomain} gin_trgm_ops`),
  ],
);

/** The spec's "domain configuration": custom domains and extra subdomain records of a tenant. */
export const tenantDomains = pgTable(
  'tenant_domains',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    domain: text('domain').notNull().unique(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    isCustomDomain: boolean('is_custom_domain').notNull().default(true),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    allowTenantlessAuth: boolean('allow_tenantless_auth').notNull().default(false),
    /** A custom domain added in the console: the value its `_dukani-verification` TXT record must carry. */
    verificationToken: text('verification_token'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** DOMAIN_CHECK_ERRORS (core/platform/domains.schemas.ts); null once a check succeeded or none ran. */
    lastCheckError: text('last_check_error'),
    ...timestamps(),
  },
  (t) => [
    check('tenant_domains_domain_lowercase', sql`${t.domain} = lower(${t.domain})`),
    check('tenant_domains_last_check_error_check', sql`${t.lastCheckError} in ('no_record', 'wrong_value', 'timeout', 'dns_error')`),
    index('tenant_domains_tenant_idx').on(t.tenantId),
  ],
);

/**
 * Columns every tenant-owned table starts with. The table then declares
 * primaryKey({ columns: [t.tenantId, t.id] }), includes tenant_id in every foreign key to another
 * tenant table, and gets its forced RLS policy from a migration calling
 * app_private.enable_tenant_isolation('<table>') (docs/decisions/0003-composite-keys-and-rls.md).
 */
export const tenantOwnedColumns = () => ({
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
});
