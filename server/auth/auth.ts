import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { emailOTP } from 'better-auth/plugins';
import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_MAX_WRONG_ATTEMPTS,
} from '../../core/auth/auth.schemas';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../core/auth/password.rules';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema/auth';
import type { Mailer } from '../email/email.service';
import { currentRequestLanguage, emailLanguage } from '../i18n/email-language';
import type { ServerI18n } from '../i18n/server-i18n';
import type { TenantResolver } from '../tenancy/tenant-resolver';
import { passwordResetEmail, verificationCodeEmail } from './auth.emails';
import { SignInRefused, decideSignIn } from './sign-in-policy';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

/**
 * better-auth does the identity work (scrypt hashing, sessions, reset tokens, one-time codes).
 * Its HTTP handler is not mounted: our own routes call auth.api so every route keeps our access
 * levels, error shape, rate limits and OpenAPI (docs/decisions/0007-accounts-data-model.md).
 */
export function createAuth(options: { config: AppConfig; database: Database; mailer: Mailer; tenantResolver: TenantResolver; i18n: ServerI18n }) {
  const { config, database, mailer, tenantResolver, i18n } = options;
  return betterAuth({
    appName: 'Dukani',
    baseURL: config.publicUrl ?? `http://localhost:${config.port}`,
    basePath: '/api/auth',
    secret: config.authSecret,
    telemetry: { enabled: false },
    // Wrong passwords are answered to the client; only real faults belong in the log.
    logger: { level: 'error' },
    database: drizzleAdapter(database.platform as never, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'dukani',
      // Secure also prefixes the names with __Secure- (server/config.ts secureCookies).
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    // Our routes apply rate limits in PostgreSQL (server/http/rate-limit.ts).
    rateLimit: { enabled: false },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_RENEW_AFTER_SECONDS,
      additionalFields: { tenantId: { type: 'string', required: false, input: false } },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url, token }) {
        // url carries our page as callbackURL (set by the route from the request's own origin).
        const page = new URL(url).searchParams.get('callbackURL') ?? `${config.publicUrl ?? ''}/reset-password`;
        const link = `${page}${page.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
        // In the recipient's language (server/i18n/email-language.ts); the request's hints come from
        // the code that called better-auth (credentials.service.ts requestPasswordReset).
        const locale = await emailLanguage(database, { userId: user.id }, currentRequestLanguage());
        await mailer.send(passwordResetEmail(i18n.of(locale), { to: user.email, name: user.name, link }));
      },
    },
    plugins: [
      emailOTP({
        otpLength: VERIFICATION_CODE_LENGTH,
        expiresIn: VERIFICATION_CODE_TTL_SECONDS,
        // Five wrong codes are allowed; the sixth attempt finds the code void.
        allowedAttempts: VERIFICATION_MAX_WRONG_ATTEMPTS,
        storeOTP: 'hashed',
        disableSignUp: true,
        resendStrategy: 'rotate',
        async sendVerificationOTP({ email, otp }) {
          const locale = await emailLanguage(database, { email }, currentRequestLanguage());
          await mailer.send(verificationCodeEmail(i18n.of(locale), { to: email, code: otp }));
        },
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          // The one gate every new session passes: tenant membership, active status, host.
          async before(session, context) {
            const host = context?.headers?.get('host') ?? undefined;
            const tenantContext = await tenantResolver.resolve(host);
            try {
              const decision = await decideSignIn(database, session.userId, tenantContext);
              return { data: { ...session, tenantId: decision.tenantId } };
            } catch (error) {
              if (error instanceof SignInRefused) {
                throw new APIError('FORBIDDEN', { message: error.message, code: error.code });
              }
              throw error;
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
