import type { Auth } from './auth';
import { accounts, profiles, tenantUsers, users } from '../db/schema/auth';
import { and, count, eq } from 'drizzle-orm';
import { assertUnderPlanLimit } from '../billing/plan-limits';
import type { Database, PlatformTx, TenantTx } from '../db/client';

export interface NewUserAccount {
  email: string;
  password: string;
  fullName: string | null;
  role: string;
  /** Home tenant; null for platform administrators. */
  tenantId: string | null;
  requirePasswordChange?: boolean;
  emailVerified?: boolean;
  /** More writes in the membership's transaction (the team's role, locations, invitation), given the membership's id. */
  withMembership?: (scoped: TenantTx, made: { memberId: string; userId: string }) => Promise<void>;
}

/**
 * Creates a person with an e-mail/password credential, a profile and (with a tenant) an active
 * membership, in one transaction; a membership counts against the plan's max_staff_users. The
 * password is hashed by better-auth (scrypt).
 */
export async function createUserAccount(database: Database, auth: Auth, input: NewUserAccount): Promise<{ id: string }> {
  const passwordHash = await hashPassword(auth, input.password);
  return database.withPlatformThenTenant(async (tx, enterTenant) => {
    const user = await insertPerson(tx, input, passwordHash);
    if (input.tenantId) await addMembership(await enterTenant(input.tenantId), input.tenantId, user.id, input);
    return user;
  });
}

/** better-auth's hash of a password (scrypt), made before the transaction that stores it. */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}

/** The person, their credential and profile, in a transaction that then enters their shop's scope for addMembership. */
export async function insertPerson(tx: PlatformTx, input: Omit<NewUserAccount, 'password' | 'withMembership'>, passwordHash: string): Promise<{ id: string }> {
  const now = new Date();
  const [user] = await tx
    .insert(users)
    .values({ email: input.email.toLowerCase(), name: input.fullName ?? '', emailVerified: input.emailVerified ?? false })
    .returning({ id: users.id });
  if (!user) throw new Error('User insert returned no row');
  await tx.insert(accounts).values({ userId: user.id, accountId: user.id, providerId: 'credential', password: passwordHash });
  await tx.insert(profiles).values({
    userId: user.id,
    role: input.role,
    tenantId: input.tenantId,
    fullName: input.fullName,
    emailVerified: input.emailVerified ?? false,
    emailVerifiedAt: input.emailVerified ? now : null,
    requirePasswordChange: input.requirePasswordChange ?? false,
    tempPasswordCreatedAt: input.requirePasswordChange ? now : null,
    invitationStatus: input.requirePasswordChange ? 'pending' : 'accepted',
    invitationAcceptedAt: input.requirePasswordChange ? null : now,
  });
  return user;
}

/** The person's active membership of the scope's shop, counted against its plan's max_staff_users. */
export async function addMembership(
  scoped: TenantTx,
  tenantId: string,
  userId: string,
  input: Pick<NewUserAccount, 'role' | 'requirePasswordChange' | 'withMembership'>,
) {
  await assertUnderPlanLimit(scoped, tenantId, 'max_staff_users', async () => {
    const [row] = await scoped.select({ members: count() }).from(tenantUsers).where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.isActive, true)));
    return row?.members ?? 0;
  });
  const now = new Date();
  const [membership] = await scoped.insert(tenantUsers).values({
    tenantId,
    userId,
    role: input.role,
    invitationStatus: input.requirePasswordChange ? 'pending' : 'accepted',
    invitationAcceptedAt: input.requirePasswordChange ? null : now,
    isActive: true,
  }).returning({ id: tenantUsers.id });
  if (membership && input.withMembership) await input.withMembership(scoped, { memberId: membership.id, userId });
}
