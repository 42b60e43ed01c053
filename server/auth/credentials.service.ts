import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { ResetPasswordInput } from '../../core/auth/auth.schemas';
import { SAME_AS_CURRENT_PASSWORD_MESSAGE, SAME_AS_TEMPORARY_PASSWORD_MESSAGE } from '../../core/auth/password.rules';
import { checkEmailChange } from '../../core/profile/profile.schemas';
import { profiles, users, verifications } from '../db/schema/auth';
import type { AppDependencies } from '../http/context';
import { emailLanguage, withRequestLanguage, type RequestLanguageHints } from '../i18n/email-language';
import { HttpError } from '../http/errors';
import { recordActivity } from './activity.service';
import { emailChangeEmail } from './auth.emails';
import { toHttpError, type RequestMeta } from './auth.service';
import type { Principal } from './principal';

const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;

export async function requestPasswordReset(
  deps: AppDependencies,
  email: string,
  redirectTo: string,
  meta: RequestMeta,
  language: RequestLanguageHints,
) {
  try {
    // better-auth writes the e-mail (auth.ts sendResetPassword), in the language these hints help choose.
    await withRequestLanguage(language, () => deps.auth.api.requestPasswordReset({ body: { email, redirectTo }, headers: meta.headers }));
  } catch (error) {
    // The answer is the same whether or not the address exists; a delivery fault is only logged.
    deps.logger.error({ err: error }, 'Password reset request failed');
  }
}

export async function resetPassword(deps: AppDependencies, input: ResetPasswordInput) {
  const context = await deps.auth.$context;
  // better-auth's own record of the link; an invalid token is refused by resetPassword below.
  const pending = await context.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  if (pending) await refuseUnchangedPassword(deps, pending.value, input.newPassword, SAME_AS_CURRENT_PASSWORD_MESSAGE);
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    throw toHttpError(error);
  }
}

/** The mandatory change after a temporary password (spec §2 change-password dialog, §4). */
export async function changeRequiredPassword(deps: AppDependencies, userId: string, newPassword: string) {
  const [profile] = await deps.database.platform
    .select({ requirePasswordChange: profiles.requirePasswordChange })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!profile?.requirePasswordChange) {
    throw new HttpError('conflict', /*i18n*/ 'No password change is required. Change your password from your profile.');
  }
  await refuseUnchangedPassword(deps, userId, newPassword, SAME_AS_TEMPORARY_PASSWORD_MESSAGE);
  const context = await deps.auth.$context;
  await context.internalAdapter.updatePassword(userId, await context.password.hash(newPassword));
  await deps.database.platform
    .update(profiles)
    .set({ requirePasswordChange: false, tempPasswordCreatedAt: null, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

/** A "change" to the password the account already has is refused, on the new-password field. */
async function refuseUnchangedPassword(deps: AppDependencies, userId: string, newPassword: string, message: string) {
  const context = await deps.auth.$context;
  const account = await context.internalAdapter.findCredentialAccount(userId);
  if (account?.password && (await context.password.verify({ hash: account.password, password: newPassword }))) {
    throw new HttpError('validation_failed', message, { newPassword: [message] });
  }
}

/** Profile Security tab: current password required (the schema refuses it as the new one); other sessions are signed out. */
export async function changePassword(
  deps: AppDependencies,
  principal: Principal,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<string[]> {
  try {
    const result = await deps.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: meta.headers,
      returnHeaders: true,
    });
    if (principal.sessionTenantId) {
      await recordActivity(deps.database, principal.sessionTenantId, { userId: principal.userId, actionType: 'password_change', ...meta });
    }
    return result.headers.getSetCookie();
  } catch (error) {
    if (error instanceof APIError && (error.body as { code?: string } | undefined)?.code === 'INVALID_PASSWORD') {
      throw new HttpError('validation_failed', /*i18n*/ 'Current password is incorrect', { currentPassword: [/*i18n*/ 'Current password is incorrect'] });
    }
    throw toHttpError(error);
  }
}

const emailChangeIdentifier = (token: string) => `email-change:${createHash('sha256').update(token).digest('hex')}`;

/** Sends a confirmation link to the new address; the change happens when it is followed. */
export async function requestEmailChange(
  deps: AppDependencies,
  principal: Principal,
  newEmail: string,
  origin: string,
  language: RequestLanguageHints,
) {
  const problem = checkEmailChange(newEmail, principal.email);
  if (problem) throw new HttpError('validation_failed', problem, { newEmail: [problem] });
  const email = newEmail.trim().toLowerCase();
  const [taken] = await deps.database.platform.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) {
    throw new HttpError('conflict', /*i18n*/ 'That e-mail address is already used by another account.', {
      newEmail: [/*i18n*/ 'That e-mail address is already used by another account.'],
    });
  }
  const token = randomBytes(32).toString('base64url');
  await deps.database.platform.insert(verifications).values({
    identifier: emailChangeIdentifier(token),
    value: JSON.stringify({ userId: principal.userId, newEmail: email }),
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
  });
  const link = `${origin}/auth/callback?type=email_change&token=${encodeURIComponent(token)}`;
  // The new address is not an account yet: the message is in the language of the person asking.
  const locale = await emailLanguage(deps.database, { userId: principal.userId }, language);
  await deps.mailer.send({ ...emailChangeEmail(deps.i18n.of(locale), { to: email, link }), tenantId: principal.sessionTenantId });
}

export async function confirmEmailChange(deps: AppDependencies, token: string): Promise<{ email: string }> {
  const invalid = new HttpError('bad_request', /*i18n*/ 'This link is invalid or has expired. Ask for a new one.');
  return deps.database.platform.transaction(async (tx) => {
    // Deleting the row claims it: a link works once even when clicked twice at the same time.
    const [claimed] = await tx
      .delete(verifications)
      .where(and(eq(verifications.identifier, emailChangeIdentifier(token)), gt(verifications.expiresAt, new Date())))
      .returning({ value: verifications.value });
    if (!claimed) throw invalid;
    const { userId, newEmail } = JSON.parse(claimed.value) as { userId: string; newEmail: string };
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, userId)))
      .limit(1);
    if (taken) throw new HttpError('conflict', /*i18n*/ 'That e-mail address is already used by another account.');
    const now = new Date();
    const [updated] = await tx
      .update(users)
      .set({ email: newEmail, emailVerified: true, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!updated) throw invalid;
    await tx.update(profiles).set({ emailVerified: true, emailVerifiedAt: now, updatedAt: now }).where(eq(profiles.userId, userId));
    return { email: updated.email };
  });
}
