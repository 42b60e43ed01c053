import type { Auth } from './auth';
import { accounts, profiles, tenantUsers, users } from '../db/schema/auth';
import { and, count, eq } from 'drizzle-orm';
import { assertUnderPlanLimit } from '../billing/plan-limits';
import type { Database, TenantTx } from '../db/client';

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
  const context = await auth.$context;
  const passwordHash = await context.password.hash(input.password);
  const now = new Date();
  return database.withPlatformThenTenant(async (tx, enterTenant) => {
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
    if (input.tenantId) {
      const tenantId = input.tenantId;
      const scoped = await enterTenant(tenantId);
      await assertUnderPlanLimit(scoped, tenantId, 'max_staff_users', async () => {
        const [row] = await scoped.select({ members: count() }).from(tenantUsers).where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.isActive, true)));
        return row?.members ?? 0;
      });
      const [membership] = await scoped.insert(tenantUsers).values({
        tenantId: input.tenantId,
        userId: user.id,
        role: input.role,
        invitationStatus: input.requirePasswordChange ? 'pending' : 'accepted',
        invitationAcceptedAt: input.requirePasswordChange ? null : now,
        isActive: true,
      }).returning({ id: tenantUsers.id });
      if (membership && input.withMembership) await input.withMembership(scoped, { memberId: membership.id, userId: user.id });
    }
    return user;
  });
}
