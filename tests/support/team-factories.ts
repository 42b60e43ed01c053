import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Permission } from '../../core/team/permissions.rules';
import type { Database } from '../../server/db/client';
import { tenantUsers } from '../../server/db/schema/auth';
import { teamMemberLocations, teamMemberRoles, teamRoles } from '../../server/db/schema/team';

// For the tests of permissions and location access (issue 20): a member given a custom role of
// their own and, optionally, limited to some locations, written as the team screens would.

export interface MemberLimits {
  /** A custom role holding exactly these; omitted: the membership's built-in role decides. */
  permissions?: Permission[];
  /** The locations they may work at; omitted: every location. */
  locationIds?: string[];
}

export async function limitMember(database: Database, tenantId: string, userId: string, limits: MemberLimits): Promise<void> {
  await database.withTenant(tenantId, async (tx) => {
    const [member] = await tx.select({ id: tenantUsers.id }).from(tenantUsers).where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.userId, userId)));
    if (!member) throw new Error(`${userId} is not a member of ${tenantId}`);
    if (limits.permissions) {
      const name = `Role ${randomBytes(3).toString('hex')}`;
      const [role] = await tx.insert(teamRoles).values({ tenantId, name, permissions: limits.permissions }).returning({ id: teamRoles.id });
      await tx.insert(teamMemberRoles).values({ tenantId, memberId: member.id, roleId: role!.id });
    }
    if (limits.locationIds?.length) {
      await tx.insert(teamMemberLocations).values(limits.locationIds.map((locationId) => ({ tenantId, memberId: member.id, locationId })));
    }
  });
}
