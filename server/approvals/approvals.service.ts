import { and, eq, sql } from 'drizzle-orm';
import { isPlatformAdminRole } from '../../core/auth/roles.rules';
import { fillMessage } from '../../core/i18n/message.rules';
import {
  APPROVAL_VALIDITY_MINUTES,
  approvalRequestSchema,
  approvalPinInputSchema,
  type Approval,
  type ApprovalAction,
  type ApprovalPinStatus,
} from '../../core/sales/sales.schemas';
import { hasPermission, mayWorkAt, type MemberAccess } from '../../core/team/permissions.rules';
import type { z } from 'zod';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { users } from '../db/schema/auth';
import { approvalPins } from '../db/schema/sales';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { readActiveMemberAccess } from '../team/member-access';
import { hashApprovalPin, verifyApprovalPin } from './approval-pin';

// A manager's approval at a cashier's register (issue 15): the cashier's screen asks, the manager
// types their e-mail and password or PIN there, and the approval is recorded (who, what, why) for
// the document that needs it to spend once, within APPROVAL_VALIDITY_MINUTES.

export type ApprovalRequest = z.output<typeof approvalRequestSchema>;
export type ApprovalPinInput = z.output<typeof approvalPinInputSchema>;

/** A PIN is locked for this long after this many misses in a row. */
export const PIN_MAX_MISSES = 5;
export const PIN_LOCK_MINUTES = 15;

const REFUSED_MESSAGE = /*i18n*/ 'The e-mail, password or PIN is not right';

/** Never says which of the three was wrong, nor whether the person is a manager here. */
export const approvalRefused = () => new HttpError('approval_refused', REFUSED_MESSAGE, { secret: [REFUSED_MESSAGE] });

function pinLocked(minutes: number) {
  const message = fillMessage(/*i18n*/ 'Too many wrong PINs. Try again in {minutes} minutes.', { minutes: String(Math.max(1, minutes)) });
  return new HttpError('approval_refused', message, { secret: [message] });
}

/** Who, what and for whom: the caller is the one who asked. */
export interface ApprovalRequester {
  tenantId: string;
  userId: string;
}

interface Approver {
  userId: string;
  name: string;
}

/**
 * Who may approve (issue 20): an active member holding sales.approve (a built-in role's or a
 * custom role's) who may work at the location (any, when it is not known); platform admins never.
 */
export function mayApproveAt(access: MemberAccess | null, locationId: string | null): boolean {
  if (!access || isPlatformAdminRole(access.role) || !hasPermission(access, 'sales.approve')) return false;
  return locationId === null || mayWorkAt(access.locationIds, locationId);
}

/**
 * Verifies the approver and records the approval. Refused (422 `approval_refused`, the same
 * message for every cause) unless the e-mail is of a member who may approve at the register's
 * location (mayApproveAt) and the password or this shop's PIN is theirs. A PIN's misses are
 * counted, and the PIN locked, in a transaction of their own, so the refusal does not roll them back.
 */
export async function grantApproval(deps: AppDependencies, requester: ApprovalRequester, input: ApprovalRequest): Promise<Approval> {
  const database = deps.database;
  const approver = await findApprover(database, requester.tenantId, input.email, input.registerId);
  if (input.method === 'password') {
    if (!(await verifyAccountPassword(deps, approver?.userId ?? null, input.secret)) || !approver) throw approvalRefused();
    return database.withTenant(requester.tenantId, (tx) => recordApproval(tx, requester, approver, input));
  }
  if (!approver) {
    // The same work as a real check, so the answer's timing does not tell who is a manager here.
    await hashApprovalPin(input.secret);
    throw approvalRefused();
  }
  const outcome = await database.withTenant(requester.tenantId, async (tx): Promise<{ approval: Approval } | { refusal: HttpError }> => {
    const check = await checkPin(tx, approver.userId, input.secret);
    if (check !== 'right') return { refusal: check === 'wrong' ? approvalRefused() : pinLocked(check.lockedMinutes) };
    return { approval: await recordApproval(tx, requester, approver, input) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.approval;
}

/** The person with this e-mail if they may approve at the register's location (any location without a register). */
async function findApprover(database: Database, tenantId: string, email: string, registerId: string | null): Promise<Approver | null> {
  const [user] = await database.platform.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return null;
  const isApprover = await database.withTenant(tenantId, async (tx) => {
    // An unknown register is answered 404 when the approval is recorded.
    const [register] = registerId ? await queryRows<{ location_id: string }>(tx, sql`select location_id from registers where id = ${registerId}`) : [];
    return mayApproveAt(await readActiveMemberAccess(tx, user.id), register?.location_id ?? null);
  });
  return isApprover ? { userId: user.id, name: user.name || user.email } : null;
}

/**
 * The account password, checked the way sign-in checks it (better-auth's hasher). Without an
 * account the password is hashed anyway, so both answers take as long.
 */
async function verifyAccountPassword(deps: AppDependencies, userId: string | null, password: string): Promise<boolean> {
  const context = await deps.auth.$context;
  const account = userId ? await context.internalAdapter.findCredentialAccount(userId) : null;
  if (!account?.password) {
    await context.password.hash(password);
    return false;
  }
  return context.password.verify({ hash: account.password, password });
}

/**
 * Checks a PIN under its row lock (concurrent guesses queue): a miss counts, the fifth in a row
 * locks the PIN for PIN_LOCK_MINUTES (and starts the count again), a right PIN clears the count.
 */
async function checkPin(tx: TenantTx, userId: string, pin: string): Promise<'right' | 'wrong' | { lockedMinutes: number }> {
  const [row] = await queryRows<{ id: string; pin_hash: string; failed_attempts: number; locked_minutes: number | null }>(
    tx,
    sql`select id, pin_hash, failed_attempts,
               case when locked_until > now() then ceil(extract(epoch from locked_until - now()) / 60)::int end as locked_minutes
        from approval_pins where user_id = ${userId} for update`,
  );
  if (!row) {
    await hashApprovalPin(pin);
    return 'wrong';
  }
  if (row.locked_minutes !== null) return { lockedMinutes: row.locked_minutes };
  if (await verifyApprovalPin(pin, row.pin_hash)) {
    if (row.failed_attempts > 0) {
      await tx.update(approvalPins).set({ failedAttempts: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(approvalPins.id, row.id));
    }
    return 'right';
  }
  if (row.failed_attempts + 1 >= PIN_MAX_MISSES) {
    await tx.execute(
      sql`update approval_pins set failed_attempts = 0, locked_until = now() + make_interval(mins => ${PIN_LOCK_MINUTES}), updated_at = now()
          where id = ${row.id}`,
    );
    return { lockedMinutes: PIN_LOCK_MINUTES };
  }
  await tx.update(approvalPins).set({ failedAttempts: row.failed_attempts + 1, updatedAt: new Date() }).where(eq(approvalPins.id, row.id));
  return 'wrong';
}

async function recordApproval(tx: TenantTx, requester: ApprovalRequester, approver: Approver, input: ApprovalRequest): Promise<Approval> {
  if (input.registerId) {
    const [register] = await queryRows<{ id: string }>(tx, sql`select id from registers where id = ${input.registerId}`);
    if (!register) {
      const message = /*i18n*/ 'Register not found';
      throw new HttpError('not_found', message, { registerId: [message] });
    }
  }
  const [row] = await queryRows<{ id: string; created_at: string; expires_at: string }>(
    tx,
    sql`insert into approvals (tenant_id, action, approver_id, requested_by, register_id, reason, details, method)
        values (${requester.tenantId}, ${input.action}, ${approver.userId}, ${requester.userId}, ${input.registerId},
                ${input.reason}, ${JSON.stringify(input.details)}::jsonb, ${input.method})
        returning id, created_at, created_at + make_interval(mins => ${APPROVAL_VALIDITY_MINUTES}) as expires_at`,
  );
  return {
    id: row!.id,
    action: input.action,
    approverId: approver.userId,
    approverName: approver.name,
    createdAt: new Date(row!.created_at).toISOString(),
    expiresAt: new Date(row!.expires_at).toISOString(),
  };
}

/** Who and what uses an approval: the document that needed it, and where it is made when that is known. */
export interface ApprovalUse {
  action: ApprovalAction;
  usedByType: string;
  usedById: string;
  locationId?: string;
}

/**
 * Spends an approval on one document, in the caller's transaction. One conditional UPDATE locks
 * the row and marks it used: a second use at the same time waits for the first and then finds it
 * used. Refused with 409 `approval_invalid` when the id names no approval of this shop, or one for
 * another action, already used, or older than APPROVAL_VALIDITY_MINUTES, or when its approver may
 * no longer approve, or not at the document's location (the caller's refusal rolls the use back).
 */
export async function consumeApproval(tx: TenantTx, tenantId: string, approvalId: string, expected: ApprovalUse): Promise<{ approverId: string }> {
  const [used] = await queryRows<{ approver_id: string }>(
    tx,
    sql`update approvals set used_by_type = ${expected.usedByType}, used_by_id = ${expected.usedById}, used_at = now()
        where tenant_id = ${tenantId} and id = ${approvalId} and action = ${expected.action}
          and used_at is null and approver_id is not null
          and created_at > now() - make_interval(mins => ${APPROVAL_VALIDITY_MINUTES})
        returning approver_id`,
  );
  if (!used || !mayApproveAt(await readActiveMemberAccess(tx, used.approver_id), expected.locationId ?? null)) {
    const message = /*i18n*/ 'This approval cannot be used: ask the manager to approve again';
    throw new HttpError('approval_invalid', message, { approvalId: [message] });
  }
  return { approverId: used.approver_id };
}

// ─── The manager's own PIN ────────────────────────────────────────────────────────────────────

export async function readPinStatus(database: Database, tenantId: string, userId: string): Promise<ApprovalPinStatus> {
  const [row] = await database.withTenant(tenantId, (tx) =>
    tx.select({ id: approvalPins.id }).from(approvalPins).where(eq(approvalPins.userId, userId)).limit(1),
  );
  return { hasPin: Boolean(row) };
}

/**
 * Sets (or replaces) the person's PIN in this shop once their account password proves it is them;
 * a new PIN starts with no misses and no lock. A wrong password: 400 on `currentPassword`.
 */
export async function setPin(deps: AppDependencies, tenantId: string, userId: string, input: ApprovalPinInput): Promise<ApprovalPinStatus> {
  if (!(await verifyAccountPassword(deps, userId, input.currentPassword))) {
    const message = /*i18n*/ 'Current password is incorrect';
    throw new HttpError('validation_failed', message, { currentPassword: [message] });
  }
  const pinHash = await hashApprovalPin(input.pin);
  await deps.database.withTenant(tenantId, (tx) =>
    tx.execute(
      sql`insert into approval_pins (tenant_id, user_id, pin_hash) values (${tenantId}, ${userId}, ${pinHash})
          on conflict (tenant_id, user_id) do update set pin_hash = excluded.pin_hash, failed_attempts = 0, locked_until = null, updated_at = now()`,
    ),
  );
  return { hasPin: true };
}

export async function removePin(database: Database, tenantId: string, userId: string): Promise<void> {
  await database.withTenant(tenantId, (tx) => tx.delete(approvalPins).where(and(eq(approvalPins.tenantId, tenantId), eq(approvalPins.userId, userId))));
}
