import { createAuth } from './auth/auth';
import { createTenantAccessCache } from './auth/tenant-access-cache';
import { choosePaymentProvider } from './billing/payment-provider-choice';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createMailer } from './email/email.service';
import type { AppDependencies } from './http/context';
import { createServerI18n } from './i18n/server-i18n';
import type { Logger } from './logger';
import { createSecretBox } from './security/secret-box';
import { createTenantResolver } from './tenancy/tenant-resolver';

/** Wires the app's services around an open database; used by the server, tests and benchmarks. */
export function wireDependencies(config: AppConfig, database: Database, logger: Logger): AppDependencies {
  const tenantResolver = createTenantResolver({ database, rootDomains: config.rootDomains, logger });
  const mailer = createMailer({ database, smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  const i18n = createServerI18n();
  const auth = createAuth({ config, database, mailer, tenantResolver, i18n });
  const paymentProvider = choosePaymentProvider(config, database, logger);
  const secretBox = createSecretBox(config.dataEncryptionKey);
  return { config, database, logger, tenantResolver, tenantAccess: createTenantAccessCache(), mailer, i18n, auth, paymentProvider, secretBox };
}
