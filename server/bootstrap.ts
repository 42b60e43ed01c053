import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { seedDatabase } from './db/seed';
import type { AppDependencies } from './http/context';
import { createLogger, type Logger } from './logger';
import { createTenantResolver } from './tenancy/tenant-resolver';

/** Opens and migrates the database, seeds it, and wires the app's dependencies. */
export async function bootstrap(config: AppConfig, logger: Logger = createLogger(config.logLevel)): Promise<AppDependencies> {
  const database: Database = config.databaseUrl
    ? await openDatabase({ driver: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ driver: 'pglite', dataDir: config.dataDir });
  await database.migrate();
  await seedDatabase(database, { demo: config.seedDemo, logger });
  const tenantResolver = createTenantResolver({ database, rootDomains: config.rootDomains, logger });
  return { config, database, logger, tenantResolver };
}
