import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { TenantResolver } from '../tenancy/tenant-resolver';

/** What the app is built from; tests build it with their own database and config. */
export interface AppDependencies {
  config: AppConfig;
  database: Database;
  logger: Logger;
  tenantResolver: TenantResolver;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    deps: AppDependencies;
  };
};
