import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { assertUnprivilegedDatabaseRole } from './db/database-role';
import { seedDatabase } from './db/seed';
import { wireDependencies } from './dependencies';
import type { AppDependencies } from './http/context';
import { createLogger, type Logger } from './logger';

/** Opens and migrates the database, seeds it, and wires the app's dependencies. */
export async function bootstrap(config: AppConfig, logger: Logger = createLogger(config.logLevel)): Promise<AppDependencies> {
  const database: Database = config.databaseUrl
    ? await openDatabase({ driver: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ driver: 'pglite', dataDir: config.dataDir, sharedBuffers: config.pgliteSharedBuffers });
  try {
    await assertUnprivilegedDatabaseRole(database, { isProduction: config.isProduction, allowPrivileged: config.allowPrivilegedDatabaseRole, logger });
  } catch (error) {
    await database.close();
    throw error;
  }
  await database.migrate();
  const deps = wireDependencies(config, database, logger);
  await seedDatabase(deps);
  return deps;
}
