import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { SessionUser } from '../../core/auth/session.schemas';
import { recordActivity } from '../auth/activity.service';
import { SESSION_TTL_SECONDS } from '../auth/auth';
import { loadSessionUser, type RequestMeta } from '../auth/auth.service';
import { serializeSessionCookie } from '../auth/session-cookie';
import { SignInRefused, decideSignIn } from '../auth/sign-in-policy';
import { sessions } from '../db/schema/auth';
import { shopSignups } from '../db/schema/signup';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';

// The hand-over from the main host to the new shop's own address (issue 21, docs/signup.md).
// Cookies belong to one host, so the session made at sign-up could not follow the owner there:
// the sign-up answers a link to <shop>/auth/handoff with a random token instead, kept only as its
// sha256, which opens a session on that address once, within a couple of minutes.

export const HANDOFF_TTL_SECONDS = 120;
export const HANDOFF_INVALID_MESSAGE = /*i18n*/ 'This sign-in link is invalid, used or expired. Sign in with your e-mail and password.';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new hand-over token and the columns of shop_signups that hold it (the hash and its expiry). */
export function issueHandoffToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, row: { handoffTokenHash: tokenHash(token), handoffExpiresAt: new Date(Date.now() + HANDOFF_TTL_SECONDS * 1000) } };
}

export const handoffUrl = (shopOrigin: string, token: string) => `${shopOrigin}/auth/handoff?token=${encodeURIComponent(token)}`;

/** Whether `password` is the account's (better-auth's scrypt hash). */
export async function passwordMatches(deps: AppDependencies, userId: string, password: string): Promise<boolean> {
  const context = await deps.auth.$context;
  const account = await context.internalAdapter.findCredentialAccount(userId);
  return Boolean(account?.password && (await context.password.verify({ hash: account.password, password })));
}

export interface Handoff {
  setCookie: string;
  user: SessionUser;
  /** The paid plan chosen at sign-up, for the web app to check out now. */
  checkoutPlanId: string | null;
}

/**
 * Opens the owner's session on the shop's address with a hand-over token: only the request's own
 * shop's token counts, and the sign-in policy (the shop usable, the membership active) is asked as
 * for a password sign-in. Using the token up and opening the session are one transaction, so two
 * clicks make one session and a failure leaves the token for another try.
 */
export async function completeHandoff(deps: AppDependencies, token: string, meta: RequestMeta): Promise<Handoff> {
  const invalid = new HttpError('bad_request', HANDOFF_INVALID_MESSAGE);
  const tenantContext = await deps.tenantResolver.resolve(meta.headers.get('host') ?? undefined);
  if (!tenantContext.tenant) throw invalid;
  const open = and(
    eq(shopSignups.handoffTokenHash, tokenHash(token)),
    eq(shopSignups.tenantId, tenantContext.tenant.id),
    gt(shopSignups.handoffExpiresAt, sql`now()`),
  );
  const [pending] = await deps.database.platform.select({ ownerUserId: shopSignups.ownerUserId }).from(shopSignups).where(open).limit(1);
  if (!pending) throw invalid;
  let tenantId: string | null;
  try {
    tenantId = (await decideSignIn(deps.database, pending.ownerUserId, tenantContext)).tenantId;
  } catch (error) {
    if (error instanceof SignInRefused) throw new HttpError('forbidden', error.message);
    throw error;
  }
  const sessionToken = randomBytes(32).toString('base64url');
  const claimed = await deps.database.platform.transaction(async (tx) => {
    const [row] = await tx
      .update(shopSignups)
      .set({ handoffTokenHash: null, handoffExpiresAt: null })
      .where(and(open, eq(shopSignups.ownerUserId, pending.ownerUserId)))
      .returning({ planId: shopSignups.planId });
    if (!row) return null;
    await tx.insert(sessions).values({
      token: sessionToken,
      userId: pending.ownerUserId,
      tenantId,
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    return row;
  });
  if (!claimed) throw invalid;
  if (tenantId) {
    await recordActivity(deps.database, tenantId, { userId: pending.ownerUserId, actionType: 'login', ...meta, details: { timestamp: new Date().toISOString(), via: 'signup_handoff' } });
  }
  const cookie = (await deps.auth.$context).authCookies.sessionToken;
  return {
    setCookie: serializeSessionCookie(cookie.name, sessionToken, deps.config.authSecret, SESSION_TTL_SECONDS, cookie.attributes.secure ?? false),
    user: await loadSessionUser(deps, pending.ownerUserId, tenantId),
    checkoutPlanId: claimed.planId,
  };
}
