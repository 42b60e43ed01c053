import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantUsers, users } from './auth';
import { timestamps } from './columns';
import { locations } from './inventory';
import { tenantOwnedColumns } from './tenancy';

// The team (issue 20, docs/decisions/0024-permissions-and-team.md): custom roles, who holds one,
// where a member may work, and invitations. A change to the first three raises the shop's access
// version (0048_team.sql triggers), so the route guard's cache never serves an old permission set.

/** A shop's own role (plan feature user_roles): a set of permissions and a discount limit. */
export const teamRoles = pgTable(
  'team_roles',
  {
    ...tenantOwnedColumns(),
    name: text('name').notNull(),
    /** Permission keys of core/team/permissions.rules.ts. */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    maxDiscountPercent: integer('max_discount_percent').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('team_roles_name_unique').on(t.tenantId, sql`lower(${t.name})`),
    check('team_roles_discount_check', sql`${t.maxDiscountPercent} between 0 and 100`),
  ],
);

/**
 * A member holding a custom role. Their membership's role stays a built-in one (cashier, the
 * weakest) so the membership row is always valid; what they may do is the custom role's permissions.
 */
export const teamMemberRoles = pgTable(
  'team_member_roles',
  {
    ...tenantOwnedColumns(),
    memberId: uuid('member_id').notNull(),
    roleId: uuid('role_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('team_member_roles_member_unique').on(t.tenantId, t.memberId),
    index('team_member_roles_role_idx').on(t.tenantId, t.roleId),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [tenantUsers.tenantId, tenantUsers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [teamRoles.tenantId, teamRoles.id] }),
  ],
);

/** Where a member may work; a member without rows works at every location. */
export const teamMemberLocations = pgTable(
  'team_member_locations',
  {
    ...tenantOwnedColumns(),
    memberId: uuid('member_id').notNull(),
    locationId: uuid('location_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('team_member_locations_unique').on(t.tenantId, t.memberId, t.locationId),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [tenantUsers.tenantId, tenantUsers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
  ],
);

/**
 * An invitation to join the shop. By link: the token is sent by e-mail and only its sha256 is kept;
 * it is used once and expires. By temporary password: the account exists at once and the row
 * records it until the first sign-in accepts it. Expired is read from expires_at, not stored.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    ...tenantOwnedColumns(),
    email: text('email').notNull(),
    phone: text('phone'),
    fullName: text('full_name').notNull(),
    /** The built-in role of the membership it makes (cashier, manager, admin). */
    role: text('role').notNull(),
    customRoleId: uuid('custom_role_id'),
    locationIds: uuid('location_ids').array().notNull().default(sql`'{}'::uuid[]`),
    method: text('method').notNull(),
    tokenHash: text('token_hash'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** The account it made (at once for a temporary password, on acceptance for a link). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('team_invitations_token_unique').on(t.tenantId, t.tokenHash),
    uniqueIndex('team_invitations_pending_email_unique').on(t.tenantId, sql`lower(${t.email})`).where(sql`${t.status} = 'pending'`),
    index('team_invitations_created_idx').on(t.tenantId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.customRoleId], foreignColumns: [teamRoles.tenantId, teamRoles.id] }),
    check('team_invitations_method_check', sql`${t.method} in ('link', 'temporary_password')`),
    check('team_invitations_status_check', sql`${t.status} in ('pending', 'accepted', 'revoked')`),
    check('team_invitations_role_check', sql`${t.role} in ('cashier', 'manager', 'admin')`),
  ],
);
