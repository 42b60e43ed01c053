import { sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import { createTenant } from '../tenancy/tenancy.service';
import { queryRows, type Database } from './client';

export const DEMO_TENANTS = [
  { name: 'Demo Duka', subdomain: 'demo', status: 'trial' },
  { name: 'Acme Hardware', subdomain: 'acme', status: 'active' },
] as const;

/**
 * Fills an empty database with the demo tenants. Demo data is written only in demo mode
 * (embedded database, or SEED_DEMO=true): never into a production database.
 */
export async function seedDatabase(database: Database, options: { demo: boolean; logger: Logger }) {
  if (!options.demo) return;
  const [existing] = await queryRows<{ count: number }>(database.platform, sql`select count(*)::int as count from tenants`);
  if (Number(existing?.count ?? 0) > 0) return;
  for (const tenant of DEMO_TENANTS) {
    await createTenant(database, { ...tenant, settings: { currencyCode: 'KES', currencySymbol: 'KSh' } });
  }
  options.logger.info({ tenants: DEMO_TENANTS.map((t) => t.subdomain) }, 'Seeded demo data');
}
