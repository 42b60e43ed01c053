import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { emailSchema, newPasswordSchema, signInSchema } from '../auth/auth.schemas';
import { contactPhoneSchema } from '../contacts/contacts.schemas';
import { fillMessage } from '../i18n/message.rules';
import { PERMISSIONS, type Permission } from './permissions.rules';

// The team screen's API (issue 20, docs/decisions/0024-permissions-and-team.md).

export const BUILT_IN_ROLES = ['cashier', 'manager', 'admin'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

const builtInRoleSchema = z.enum(BUILT_IN_ROLES, { message: /*i18n*/ 'Choose a role' });
const permissionSchema = z.enum(PERMISSIONS as [Permission, ...Permission[]], { message: /*i18n*/ 'Unknown permission' });
const nameSchema = safeLine()
  .trim()
  .min(1, { message: /*i18n*/ 'Enter a name' })
  .max(120, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max: 120 }) });

/**
 * Who does what where: a built-in role, or a custom role (whose members hold the cashier's
 * membership role); no locations means every location.
 */
const assignmentFields = {
  role: builtInRoleSchema,
  customRoleId: z.uuid().nullable().default(null),
  locationIds: z.array(z.uuid()).max(200).default([]),
};

export const invitationInputSchema = z.object({
  fullName: nameSchema,
  email: emailSchema,
  phone: contactPhoneSchema,
  ...assignmentFields,
  /** link: an e-mail to accept and set a password; temporary_password: shown once to the admin. */
  method: z.enum(['link', 'temporary_password']),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitationSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: builtInRoleSchema,
  customRoleId: z.uuid().nullable(),
  locationIds: z.array(z.uuid()),
  method: z.enum(['link', 'temporary_password']),
  state: z.enum(INVITATION_STATES),
  expiresAt: z.string(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createdInvitationSchema = z.object({
  invitation: invitationSchema,
  /** Only for a temporary password, only in this answer: the admin hands it over. */
  temporaryPassword: z.string().nullable(),
});

export const memberSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: z.string(),
  customRoleId: z.uuid().nullable(),
  customRoleName: z.string().nullable(),
  locationIds: z.array(z.uuid()),
  isActive: z.boolean(),
  invitationStatus: z.string().nullable(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const MEMBER_SORTS = ['name', 'email', 'role', 'created'] as const;
export const memberQuerySchema = z.object({
  search: safeLine().trim().max(120).optional(),
  sort: z.enum(MEMBER_SORTS).default('name'),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type MemberQuery = z.input<typeof memberQuerySchema>;

export const memberPageSchema = z.object({ items: z.array(memberSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type MemberPage = z.infer<typeof memberPageSchema>;

export const memberUpdateSchema = z.object(assignmentFields);
export type MemberUpdate = z.input<typeof memberUpdateSchema>;

export const roleInputSchema = z.object({
  name: nameSchema,
  permissions: z.array(permissionSchema).max(PERMISSIONS.length),
  maxDiscountPercent: z
    .number({ message: /*i18n*/ 'Enter a whole percentage from 0 to 100' })
    .int({ message: /*i18n*/ 'Enter a whole percentage from 0 to 100' })
    .min(0, { message: /*i18n*/ 'Enter a whole percentage from 0 to 100' })
    .max(100, { message: /*i18n*/ 'Enter a whole percentage from 0 to 100' }),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const customRoleSchema = roleInputSchema.extend({ id: z.uuid(), members: z.number().int() });
export type CustomRole = z.infer<typeof customRoleSchema>;

export const acceptInvitationSchema = z
  .object({ token: safeLine().min(1).max(512), newPassword: newPasswordSchema, confirmPassword: safeLine() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: /*i18n*/ 'Please make sure both passwords are identical' });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** A person who joins with the Dukani account they have (staff of another shop) types its password: no new one. */
export const joinInvitationSchema = z.object({ token: safeLine().min(1).max(512), password: signInSchema.shape.password });
export type JoinInvitationInput = z.infer<typeof joinInvitationSchema>;

export const invitationPreviewSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  shopName: z.string(),
  /** The address has a Dukani account already: the person accepts with its password. */
  existingAccount: z.boolean(),
});

export const temporaryPasswordSchema = z.object({ temporaryPassword: z.string() });
