import { and, eq } from 'drizzle-orm';
import { builtInPermissions, isPermission, UNLIMITED_DISCOUNT_PERCENT, type MemberAccess } from '../../core/team/permissions.rules';
import type { TenantTx } from '../db/client';
import { tenantUsers } from '../db/schema/auth';
import { teamMemberLocations, teamMemberRoles, teamRoles } from '../db/schema/team';

/**
 * What a member may do and where, read with their membership in the route guard's transaction
 * (cached with it, stamped by the shop's access version: 0048_team.sql raises it on any change).
 */
export async function readMemberAccess(tx: TenantTx, membership: { id: string; role: string }): Promise<MemberAccess> {
  const [custom] = await tx
    .select({ id: teamRoles.id, permissions: teamRoles.permissions, maxDiscountPercent: teamRoles.maxDiscountPercent })
    .from(teamMemberRoles)
    .innerJoin(teamRoles, eq(teamRoles.id, teamMemberRoles.roleId))
    .where(eq(teamMemberRoles.memberId, membership.id))
    .limit(1);
  const locationRows = await tx.select({ locationId: teamMemberLocations.locationId }).from(teamMemberLocations).where(eq(teamMemberLocations.memberId, membership.id));
  return {
    role: membership.role,
    customRoleId: custom?.id ?? null,
    // A permission since removed from the catalogue grants nothing.
    permissions: custom ? custom.permissions.filter(isPermission) : builtInPermissions(membership.role),
    maxDiscountPercent: custom ? custom.maxDiscountPercent : UNLIMITED_DISCOUNT_PERCENT,
    locationIds: locationRows.length ? locationRows.map((row) => row.locationId) : null,
  };
}

/** What a person may do in this shop by their user id; null when they are no active member of it (approvers, issue 20). */
export async function readActiveMemberAccess(tx: TenantTx, userId: string): Promise<MemberAccess | null> {
  const [membership] = await tx
    .select({ id: tenantUsers.id, role: tenantUsers.role })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.userId, userId), eq(tenantUsers.isActive, true)))
    .limit(1);
  return membership ? readMemberAccess(tx, membership) : null;
}
