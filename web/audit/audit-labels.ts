import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AuditAction } from '../../core/audit/audit.schemas';

// What each recorded action is called on screen; a platform admin's request keeps its route
// ("GET /api/products"), which support staff recognise.
export const AUDIT_ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  'sale.price_override': msg`Price override`,
  'sale.discount_over_limit': msg`Discount over the limit`,
  'sale.void': msg`Sale voided`,
  'sale.return': msg`Return or refund`,
  'stock.adjustment': msg`Stock adjustment`,
  'stock.write_off': msg`Stock write-off`,
  'cash.in': msg`Cash into the drawer`,
  'cash.out': msg`Cash out of the drawer`,
  'settings.business': msg`Business settings changed`,
  'settings.sales': msg`Sales settings changed`,
  'settings.inventory': msg`Stock and VAT settings changed`,
  'settings.purchases': msg`Purchases settings changed`,
  'settings.loyalty': msg`Loyalty settings changed`,
  'settings.mpesa': msg`M-Pesa settings changed`,
  'settings.etims': msg`eTIMS device changed`,
  'settings.accounting': msg`Accounting settings changed`,
  'settings.communications': msg`Communications settings changed`,
  'accounting.lock_date': msg`Accounting lock date changed`,
  'commission.rate_set': msg`Commission rate set`,
  'commission.rate_removed': msg`Commission rate removed`,
  'commission.payout': msg`Commission paid`,
  'team.member_invited': msg`Staff member invited`,
  'team.member_updated': msg`Staff member changed`,
  'team.role_changed': msg`Role changed`,
  'team.member_deactivated': msg`Staff member deactivated`,
  'team.member_reactivated': msg`Staff member reactivated`,
  'team.password_reset': msg`Password reset`,
  'team.invitation_resent': msg`Invitation resent`,
  'team.invitation_revoked': msg`Invitation revoked`,
  'team.custom_role_created': msg`Custom role created`,
  'team.custom_role_updated': msg`Custom role changed`,
  'team.custom_role_deleted': msg`Custom role deleted`,
  'export.csv': msg`CSV downloaded`,
  'export.pdf': msg`PDF downloaded`,
  'export.archive': msg`All of the shop's data downloaded`,
  'platform.data_exported': msg`Platform exported all of the shop's data`,
  'support.access_started': msg`Platform support opened read-only access`,
  'support.access_ended': msg`Platform support access ended`,
};

export const isKnownAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, action);
