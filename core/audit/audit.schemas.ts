import { z } from 'zod';
import { safeLine } from '../api/text.schemas';

// The shop's audit log (issue 20, docs/decisions/0025-audit-log-and-commissions.md). An action is
// named `<area>.<verb>` in snake case, e.g. `sale.price_override` or `team.role_changed`; a
// platform admin's request in a shop is recorded as `<METHOD> <route path>` (decision 0014).

/** The actions the app records; the log's filter offers these. Other areas add theirs here. */
export const AUDIT_ACTIONS = [
  'sale.price_override',
  'sale.discount_over_limit',
  'sale.void',
  'sale.return',
  'stock.adjustment',
  'stock.write_off',
  'cash.in',
  'cash.out',
  'settings.business',
  'settings.sales',
  'settings.inventory',
  'settings.purchases',
  'settings.loyalty',
  'settings.mpesa',
  'settings.etims',
  'settings.accounting',
  'settings.communications',
  'accounting.lock_date',
  'commission.rate_set',
  'commission.rate_removed',
  'commission.payout',
  'team.member_invited',
  'team.member_updated',
  'team.role_changed',
  'team.member_deactivated',
  'team.member_reactivated',
  'team.password_reset',
  'team.invitation_resent',
  'team.invitation_revoked',
  'team.custom_role_created',
  'team.custom_role_updated',
  'team.custom_role_deleted',
  'export.csv',
  'export.pdf',
  'export.archive',
  'platform.data_exported',
  'support.access_started',
  'support.access_ended',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_PATTERN = /^[a-z_]+\.[a-z_]+$/;

export const auditListQuerySchema = z
  .object({
    actorUserId: z.uuid().optional(),
    action: safeLine().trim().max(100).optional(),
    /** Days in the shop's time zone, both included. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    direction: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'The end date is before the start date', path: ['to'] });
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

const jsonObject = z.record(z.string(), z.unknown());

export const auditEventSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  actorUserId: z.uuid(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  approvedByUserId: z.uuid().nullable(),
  approvedByName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  details: jsonObject,
  before: jsonObject.nullable(),
  after: jsonObject.nullable(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

export const auditListSchema = z.object({ items: z.array(auditEventSchema), total: z.int(), page: z.int(), pageSize: z.int() });
export type AuditList = z.infer<typeof auditListSchema>;

/** The people who appear in the shop's log, for the person filter. */
export const auditActorsSchema = z.object({ items: z.array(z.object({ userId: z.uuid(), name: z.string() })) });
