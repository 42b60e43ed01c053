import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale } from '../../core/i18n/locale.rules';
import type { ActivityResponse, ContactView, ProfileView, contactProfileSchema, updateProfileSchema } from '../../core/profile/profile.schemas';
import { insertActivity, listRecentLogins } from '../auth/activity.service';
import { toHttpError, type RequestMeta } from '../auth/auth.service';
import type { Principal } from '../auth/principal';
import { profiles, sessions, tenantUsers, users } from '../db/schema/auth';
import { contacts } from '../db/schema/contacts';
import { tenants } from '../db/schema/tenancy';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { withRequestLanguage, type RequestLanguageHints } from '../i18n/email-language';

const iso = (value: Date) => value.toISOString();

export async function getProfile(deps: AppDependencies, principal: Principal): Promise<ProfileView> {
  const [row] = await deps.database.platform
    .select({
      userId: profiles.userId,
      email: users.email,
      fullName: profiles.fullName,
      role: profiles.role,
      tenantId: profiles.tenantId,
      tenantName: tenants.name,
      avatarUrl: profiles.avatarUrl,
      language: profiles.language,
      emailVerified: users.emailVerified,
      emailVerifiedAt: profiles.emailVerifiedAt,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(tenants, eq(tenants.id, profiles.tenantId))
    .where(eq(profiles.userId, principal.userId))
    .limit(1);
  if (!row) throw new HttpError('not_found', /*i18n*/ 'Profile not found');
  return {
    ...row,
    tenantName: row.tenantName ?? null,
    emailVerifiedAt: row.emailVerifiedAt ? iso(row.emailVerifiedAt) : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Spec §4 profile save: the profile, then the auth user's name (a failure there is only logged). */
export async function updateProfile(deps: AppDependencies, principal: Principal, input: z.output<typeof updateProfileSchema>) {
  const now = new Date();
  const updated = await deps.database.platform
    .update(profiles)
    .set({ fullName: input.fullName, updatedAt: now })
    .where(eq(profiles.userId, principal.userId))
    .returning({ userId: profiles.userId });
  if (updated.length === 0) throw new HttpError('not_found', /*i18n*/ 'Profile not found');
  try {
    await deps.database.platform.update(users).set({ name: input.fullName ?? '', updatedAt: now }).where(eq(users.id, principal.userId));
  } catch (error) {
    deps.logger.warn({ err: error }, 'Updating the auth user name failed');
  }
  return getProfile(deps, principal);
}

/** The person's language, for the web app on every device they sign in on and for their e-mails (issue 12). */
export async function updateLanguage(deps: AppDependencies, principal: Principal, language: Locale) {
  const updated = await deps.database.platform
    .update(profiles)
    .set({ language, updatedAt: new Date() })
    .where(eq(profiles.userId, principal.userId))
    .returning({ userId: profiles.userId });
  if (updated.length === 0) throw new HttpError('not_found', /*i18n*/ 'Profile not found');
  return getProfile(deps, principal);
}

function toContactView(row: typeof contacts.$inferSelect): ContactView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    address: row.address,
    notes: row.notes,
    type: row.type,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function getContactProfile(deps: AppDependencies, principal: Principal) {
  const tenantId = principal.sessionTenantId;
  if (!tenantId) return { contact: null, canHaveContact: false };
  const [row] = await deps.database.withTenant(tenantId, (tx) =>
    tx.select().from(contacts).where(eq(contacts.userId, principal.userId)).limit(1),
  );
  return { contact: row ? toContactView(row) : null, canHaveContact: true };
}

/** Creates the user's contact profile (type 'customer') or updates it: one per user per tenant. */
export async function saveContactProfile(deps: AppDependencies, principal: Principal, input: z.output<typeof contactProfileSchema>) {
  const tenantId = principal.sessionTenantId;
  if (!tenantId) throw new HttpError('unprocessable', /*i18n*/ 'A contact profile belongs to a shop. Sign in at your shop to create one.');
  const row = await deps.database.withTenant(tenantId, async (tx) => {
    const [existing] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.userId, principal.userId)).limit(1).for('update');
    if (existing) {
      const [updated] = await tx
        .update(contacts)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(contacts.id, existing.id), eq(contacts.tenantId, tenantId)))
        .returning();
      return updated;
    }
    const [created] = await tx.insert(contacts).values({ ...input, tenantId, userId: principal.userId, type: 'customer' }).returning();
    return created;
  });
  if (!row) throw new Error('Contact profile write returned no row');
  return toContactView(row);
}

export async function getActivity(deps: AppDependencies, principal: Principal): Promise<ActivityResponse> {
  const [session] = await deps.database.platform
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.id, principal.sessionId))
    .limit(1);
  if (!session) throw new HttpError('unauthorized', /*i18n*/ 'Session expired. Please log in again.');
  const logins = principal.sessionTenantId ? await listRecentLogins(deps.database, principal.sessionTenantId, principal.userId) : [];
  return {
    logins: logins.map((login) => ({ ...login, createdAt: iso(login.createdAt) })),
    currentSession: { ...session, createdAt: iso(session.createdAt), expiresAt: iso(session.expiresAt) },
  };
}

/**
 * Self-deactivation: log it, set the membership inactive, revoke every session. (The spec's
 * original sets no flag; a deactivation that does not deactivate is a defect — decision 0008.)
 */
export async function deactivateOwnAccount(deps: AppDependencies, principal: Principal, meta: RequestMeta) {
  const [profile] = await deps.database.platform
    .select({ tenantId: profiles.tenantId })
    .from(profiles)
    .where(eq(profiles.userId, principal.userId))
    .limit(1);
  const tenantId = principal.sessionTenantId ?? profile?.tenantId ?? null;
  if (!tenantId) {
    throw new HttpError('unprocessable', /*i18n*/ 'Platform administrator accounts are deactivated by another administrator.');
  }
  const now = new Date();
  // Sessions (platform), membership and its log entry (tenant) change together or not at all.
  await deps.database.withPlatformThenTenant(async (platformTx, enterTenant) => {
    await platformTx.delete(sessions).where(eq(sessions.userId, principal.userId));
    const tx = await enterTenant(tenantId);
    await insertActivity(tx, tenantId, {
      userId: principal.userId,
      actionType: 'account_deactivation',
      ...meta,
      details: { timestamp: now.toISOString(), self_deactivated: true },
    });
    await tx.update(tenantUsers).set({ isActive: false, deactivatedAt: now, updatedAt: now }).where(eq(tenantUsers.userId, principal.userId));
  });
  deps.tenantAccess.forgetTenant(tenantId);
}

/** Sends a 6-digit code to the user's address (valid 10 minutes, one at a time, 60 s apart). */
export async function sendEmailVerificationCode(deps: AppDependencies, principal: Principal, language: RequestLanguageHints) {
  try {
    // better-auth writes the e-mail (auth.ts sendVerificationOTP), in the language these hints help choose.
    await withRequestLanguage(language, () => deps.auth.api.sendVerificationOTP({ body: { email: principal.email, type: 'email-verification' } }));
  } catch (error) {
    deps.logger.error({ err: error }, 'Sending a verification code failed');
    throw new HttpError('internal_error', /*i18n*/ 'Failed to send verification code');
  }
}

export async function verifyEmailCode(deps: AppDependencies, principal: Principal, code: string) {
  try {
    await deps.auth.api.verifyEmailOTP({ body: { email: principal.email, otp: code } });
  } catch (error) {
    throw toHttpError(error);
  }
  const now = new Date();
  await deps.database.platform
    .update(profiles)
    .set({ emailVerified: true, emailVerifiedAt: now, updatedAt: now })
    .where(eq(profiles.userId, principal.userId));
  return getProfile(deps, principal);
}
