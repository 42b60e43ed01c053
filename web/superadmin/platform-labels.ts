import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LimitKey } from '../../core/billing/plan-features.rules';
import type { PlatformAlertKind, PlatformAuditAction, PlatformRole } from '../../core/platform/platform.schemas';
import type { PlatformTenantStatus } from '../../core/platform/tenant-status.rules';

// What the console calls things, translated where shown (i18n._).

export const TENANT_STATUS_LABELS: Record<PlatformTenantStatus, MessageDescriptor> = {
  trial: msg`Trial`,
  active: msg`Active`,
  past_due: msg`Past due`,
  lapsed: msg`Lapsed`,
  suspended: msg`Suspended`,
};

export const TENANT_STATUS_BADGES: Record<PlatformTenantStatus, 'default' | 'secondary' | 'accent' | 'destructive' | 'outline' | 'success'> = {
  trial: 'accent',
  active: 'success',
  past_due: 'secondary',
  lapsed: 'outline',
  suspended: 'destructive',
};

export const ALERT_LABELS: Record<PlatformAlertKind, MessageDescriptor> = {
  failed_payments: msg`Failed payments (last 7 days)`,
  etims_backlog: msg`eTIMS documents failed or waiting over an hour`,
  email_failures: msg`E-mails not delivered (last 7 days)`,
};

export const LIMIT_LABELS: Record<LimitKey, MessageDescriptor> = {
  max_locations: msg`Locations`,
  max_staff_users: msg`Staff accounts`,
  max_products: msg`Products`,
};

export const PLATFORM_ROLE_LABELS: Record<PlatformRole, MessageDescriptor> = {
  superadmin: msg`Super admin (superadmin)`,
  super_admin: msg`Super admin (super_admin)`,
  platform_admin: msg`Platform admin`,
  sysadmin: msg`System admin`,
};

export const PLATFORM_ACTION_LABELS: Record<PlatformAuditAction, MessageDescriptor> = {
  'tenant.trial_extended': msg`Trial extended`,
  'tenant.plan_changed': msg`Plan changed`,
  'tenant.suspended': msg`Suspended`,
  'tenant.reactivated': msg`Reactivated`,
  'tenant.exported': msg`All of the shop's data exported`,
  'tenant.support_access_started': msg`Support access opened`,
  'tenant.support_access_ended': msg`Support access ended`,
  'tenant.custom_price_set': msg`Custom price set`,
  'tenant.custom_price_ended': msg`Custom price ended`,
  'user.platform_role_changed': msg`Platform role changed`,
  'user.deactivated': msg`Account deactivated`,
  'user.reactivated': msg`Account reactivated`,
  'user.password_reset': msg`Password reset`,
  'user.sessions_revoked': msg`Signed out everywhere`,
  'user.session_revoked': msg`Session revoked`,
  'plan.created': msg`Plan created`,
  'plan.updated': msg`Plan edited`,
  'plan.retired': msg`Plan retired`,
  'plan.reactivated': msg`Plan offered again`,
  'plan.deleted': msg`Plan deleted`,
  'domain.added': msg`Custom domain added`,
  'domain.verified': msg`Custom domain verified`,
  'domain.check_failed': msg`Custom domain not verified`,
  'domain.removed': msg`Custom domain removed`,
  'announcement.created': msg`Announcement posted`,
  'settings.updated': msg`Platform settings changed`,
  'security.sign_in_unlocked': msg`Sign-in lock ended`,
};

export const PLAN_PERIOD_LABELS: Record<'monthly' | 'yearly', MessageDescriptor> = {
  monthly: msg`monthly`,
  yearly: msg`yearly`,
};
