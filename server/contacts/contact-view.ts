import { sql } from 'drizzle-orm';
import type { Contact, ContactBalances, ContactType } from '../../core/contacts/contacts.schemas';
import { queryRows, type TenantTx } from '../db/client';
import { inList } from '../products/products.service';

// Reading contacts as the API shows them: their fields, their group's name and their balances.

/** Today in the shop's time zone (what "overdue" is measured against, as the account ledger does). */
export const SHOP_TODAY = sql`(now() at time zone coalesce((select time_zone from business_settings limit 1), 'Africa/Nairobi'))::date`;

export interface ContactRow {
  id: string;
  type: ContactType;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  kra_pin: string | null;
  address: string | null;
  notes: string | null;
  tags: string[];
  is_archived: boolean;
  customer_group_id: string | null;
  customer_group_name: string | null;
  credit_limit_minor: number;
  customer_payment_terms_days: number;
  supplier_payment_terms_days: number;
  merged_into_id: string | null;
  user_id: string | null;
  created_at: string;
  updated_at: string;
  receivable_minor: number;
  payable_minor: number;
  overdue_minor: number;
  deposit_minor: number;
  loyalty_points: number | null;
}

/**
 * The contacts with these ids (in the tenant's scope), with balances: receivable and payable are
 * the contact_accounts sums; overdue is the open part of receivable charges past their due date;
 * deposit the unapplied part of the customer's payments and credit notes.
 */
export async function readContactRows(tx: TenantTx, tenantId: string, ids: string[]): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ContactRow>(
    tx,
    sql`select c.id, c.type, c.name, c.phone, c.email, c.company, c.kra_pin, c.address, c.notes, c.tags, c.is_archived,
               c.customer_group_id, g.name as customer_group_name, c.credit_limit_minor::float8 as credit_limit_minor,
               c.customer_payment_terms_days, c.supplier_payment_terms_days, c.merged_into_id, c.user_id,
               to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
               to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
               coalesce((select a.balance_minor from contact_accounts a
                         where a.tenant_id = c.tenant_id and a.contact_id = c.id and a.side = 'receivable'), 0)::float8 as receivable_minor,
               coalesce((select a.balance_minor from contact_accounts a
                         where a.tenant_id = c.tenant_id and a.contact_id = c.id and a.side = 'payable'), 0)::float8 as payable_minor,
               coalesce((select sum(o.open_minor) from account_open_items o
                         where o.tenant_id = c.tenant_id and o.contact_id = c.id and o.side = 'receivable' and o.direction = 'debit'
                           and o.open_minor > 0 and o.due_date < ${SHOP_TODAY}), 0)::float8 as overdue_minor,
               coalesce((select sum(o.open_minor) from account_open_items o
                         where o.tenant_id = c.tenant_id and o.contact_id = c.id and o.side = 'receivable' and o.direction = 'credit'
                           and o.open_minor > 0), 0)::float8 as deposit_minor,
               (select l.points from loyalty_balances l where l.tenant_id = c.tenant_id and l.contact_id = c.id) as loyalty_points
        from contacts c
        left join customer_groups g on g.tenant_id = c.tenant_id and g.id = c.customer_group_id
        where c.tenant_id = ${tenantId} and c.id in ${inList(ids)}`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function balancesOf(row: ContactRow): ContactBalances {
  return {
    receivableMinor: Number(row.receivable_minor),
    payableMinor: Number(row.payable_minor),
    overdueMinor: Number(row.overdue_minor),
    depositMinor: Number(row.deposit_minor),
  };
}

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    kraPin: row.kra_pin,
    address: row.address,
    notes: row.notes,
    tags: row.tags,
    isArchived: row.is_archived,
    customerGroupId: row.customer_group_id,
    customerGroupName: row.customer_group_name,
    creditLimitMinor: Number(row.credit_limit_minor),
    customerPaymentTermsDays: row.customer_payment_terms_days,
    supplierPaymentTermsDays: row.supplier_payment_terms_days,
    mergedIntoId: row.merged_into_id,
    isProfileContact: row.user_id !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    balances: balancesOf(row),
    loyaltyPoints: row.loyalty_points === null ? null : Number(row.loyalty_points),
  };
}
