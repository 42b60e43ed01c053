import { sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import { queryRows, type Database } from './client';

export interface ConnectionRole {
  name: string;
  isSuperuser: boolean;
  bypassesRls: boolean;
}

export class PrivilegedDatabaseRoleError extends Error {
  constructor(readonly role: ConnectionRole) {
    super(
      `DATABASE_URL: the user ${role.name} is ${role.isSuperuser ? 'a superuser' : 'a role with BYPASSRLS'}, which row-level security does not hold. ` +
        'Connect as a non-superuser owner (README: Production setup), or set ALLOW_PRIVILEGED_DATABASE_ROLE=true to accept the risk.',
    );
    this.name = 'PrivilegedDatabaseRoleError';
  }
}

/** Who the server connects as: the role that owns the tables and runs platform statements. */
export async function readConnectionRole(database: Database): Promise<ConnectionRole> {
  const [role] = await queryRows<ConnectionRole>(
    database.platform,
    sql`select rolname as name, rolsuper as "isSuperuser", rolbypassrls as "bypassesRls" from pg_roles where rolname = current_user`,
  );
  if (!role) throw new Error('The database did not name the connected role');
  return role;
}

/**
 * Tenant work runs as the app role under forced row-level security whoever connects, but the
 * platform handle runs as the connecting user: a superuser or BYPASSRLS user would let one slip in
 * platform code read every shop (docs/decisions/0012). Production refuses such a user unless told
 * otherwise; elsewhere a warning. The embedded database is always its own superuser, and only
 * this process reaches it.
 */
export async function assertUnprivilegedDatabaseRole(
  database: Database,
  options: { isProduction: boolean; allowPrivileged: boolean; logger: Logger },
): Promise<void> {
  if (database.driver !== 'postgres') return;
  const role = await readConnectionRole(database);
  if (!role.isSuperuser && !role.bypassesRls) return;
  const problem = new PrivilegedDatabaseRoleError(role);
  if (options.isProduction && !options.allowPrivileged) throw problem;
  options.logger.warn({ role: role.name }, problem.message);
}
