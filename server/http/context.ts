import type { MemberAccess } from '../../core/team/permissions.rules';
import type { SecretBox } from '../security/secret-box';
import type { Auth } from '../auth/auth';
import type { TenantAccessCache } from '../auth/tenant-access-cache';
import type { Principal } from '../auth/principal';
import type { PaymentProvider } from '../billing/payment-provider';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../email/email.service';
import type { ServerI18n } from '../i18n/server-i18n';
import type { Logger } from '../logger';
import type { TenantResolver } from '../tenancy/tenant-resolver';

/** What the app is built from; tests build it with their own database and config. */
export interface AppDependencies {
  config: AppConfig;
  database: Database;
  logger: Logger;
  tenantResolver: TenantResolver;
  /** The tenant-route guard's recent reads of memberships and subscriptions. */
  tenantAccess: TenantAccessCache;
  mailer: Mailer;
  /** The server's messages in each language (its e-mails), from web/locales/{locale}/server.po. */
  i18n: ServerI18n;
  auth: Auth;
  /** Null when payments are not configured (production without a Paystack key or PAYMENTS_SANDBOX). */
  paymentProvider: PaymentProvider | null;
  /** Seals and opens the shops' provider credentials (DATA_ENCRYPTION_KEY). */
  secretBox: SecretBox;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    deps: AppDependencies;
    /** Set by the access guard of user, tenant and platform routes. */
    principal: Principal;
    /** Set by the access guard of tenant routes. */
    tenantId: string;
    /** The person's role in the request's shop (their membership's; a platform admin's own). */
    tenantRole: string | null;
    /** Set by the access guard of tenant routes: the person's permissions and locations in the shop. */
    memberAccess: MemberAccess;
  };
};
