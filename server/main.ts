import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { PrivilegedDatabaseRoleError } from './db/database-role';
import { startEmbeddedMaintenance } from './db/embedded-maintenance';
import { startAppJobs } from './jobs/app-jobs';
import { createLogger } from './logger';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // Plain text on stderr: this must be readable before any logger exists.
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  let deps;
  try {
    deps = await bootstrap(config, logger);
  } catch (error) {
    if (error instanceof PrivilegedDatabaseRoleError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  if (process.argv.includes('--prepare')) {
    // Migrate and seed, then exit: `npm start` does this in its own process first, so the memory
    // PGlite grows while creating and filling a database is returned before the server starts.
    // Embedded PostgreSQL has no autovacuum: refresh planner statistics and flush index pending
    // lists here, or a grown catalog keeps the plans of an empty one.
    if (deps.database.driver === 'pglite') await deps.database.platform.execute(sql`vacuum analyze`);
    await deps.database.close();
    return;
  }
  const app = createApp(deps);
  const maintenance = deps.database.driver === 'pglite' ? startEmbeddedMaintenance(deps.database, logger) : null;
  // The background job poller (server/jobs; JOBS_ENABLED, JOBS_POLL_MS).
  const jobs = startAppJobs(deps);
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    const url = config.publicUrl ?? `http://localhost:${info.port}`;
    // One line a person starting the app wants to see, whatever the log level.
    console.log(`Dukani is running on ${url} (database: ${deps.database.driver})`);
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'Shutting down');
    maintenance?.stop();
    const jobsStopped = jobs?.stop() ?? Promise.resolve();
    server.close(() => {
      void jobsStopped.finally(() => deps.database.close()).finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error('Dukani failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
