import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerGroup, customerGroupInputSchema } from '../../core/contacts/contacts.schemas';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { customerGroupPrices, customerGroups } from '../db/schema/contacts';
import { HttpError, notFound } from '../http/errors';
import { inList } from '../products/products.service';
import { assertCustomerManagement } from './contacts.service';

// Customer groups (customer_management): a discount in basis points off every price, or a named
// price per variant. The register applies them (Sales); here they are kept and assigned.

type GroupInput = z.output<typeof customerGroupInputSchema>;

const GROUP_NOT_FOUND = /*i18n*/ 'Customer group not found';

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error, 'customer_groups_name_unique')) {
    throw new HttpError('conflict', /*i18n*/ 'A customer group with this name already exists', { name: [/*i18n*/ 'A customer group with this name already exists'] });
  }
  throw error;
}

interface GroupRow {
  id: string;
  name: string;
  price_rule: CustomerGroup['priceRule'];
  discount_bps: number;
  member_count: number;
}

interface PriceRow {
  group_id: string;
  variant_id: string;
  product_name: string;
  variant_name: string;
  sku: string;
  selling_price_minor: number;
  price_minor: number;
}

async function readGroups(tx: TenantTx, tenantId: string, groupId?: string): Promise<CustomerGroup[]> {
  const groups = await queryRows<GroupRow>(
    tx,
    sql`select g.id, g.name, g.price_rule, g.discount_bps,
               (select count(*) from contacts c where c.tenant_id = g.tenant_id and c.customer_group_id = g.id and not c.is_archived)::int as member_count
        from customer_groups g where g.tenant_id = ${tenantId} ${groupId ? sql`and g.id = ${groupId}` : sql``}
        order by lower(g.name), g.id`,
  );
  if (groups.length === 0) return [];
  const prices = await queryRows<PriceRow>(
    tx,
    sql`select gp.group_id, gp.variant_id, p.name as product_name, v.name as variant_name, v.sku, v.selling_price_minor, gp.price_minor
        from customer_group_prices gp
        join product_variants v on v.tenant_id = gp.tenant_id and v.id = gp.variant_id
        join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        where gp.tenant_id = ${tenantId} and gp.group_id in ${inList(groups.map((group) => group.id))}
        order by lower(p.name), v.position, v.id`,
  );
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    priceRule: group.price_rule,
    discountBps: group.discount_bps,
    memberCount: group.member_count,
    prices: prices
      .filter((price) => price.group_id === group.id)
      .map((price) => ({
        variantId: price.variant_id,
        productName: price.product_name,
        variantName: price.variant_name,
        sku: price.sku,
        sellingPriceMinor: Number(price.selling_price_minor),
        priceMinor: Number(price.price_minor),
      })),
  }));
}

async function readGroup(tx: TenantTx, tenantId: string, groupId: string): Promise<CustomerGroup> {
  const [group] = await readGroups(tx, tenantId, groupId);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

export function listCustomerGroups(database: Database, tenantId: string): Promise<CustomerGroup[]> {
  return database.withTenant(tenantId, async (tx) => {
    await assertCustomerManagement(tx);
    return readGroups(tx, tenantId);
  });
}

export function getCustomerGroup(database: Database, tenantId: string, groupId: string): Promise<CustomerGroup> {
  return database.withTenant(tenantId, async (tx) => {
    await assertCustomerManagement(tx);
    return readGroup(tx, tenantId, groupId);
  });
}

/** The group's variant prices: every variant must be this shop's (400 per line otherwise). */
async function writePrices(tx: TenantTx, tenantId: string, groupId: string, prices: GroupInput['prices']) {
  await tx.delete(customerGroupPrices).where(eq(customerGroupPrices.groupId, groupId));
  if (prices.length === 0) return;
  const known = await queryRows<{ id: string }>(
    tx,
    sql`select id from product_variants where tenant_id = ${tenantId} and id in ${inList(prices.map((price) => price.variantId))}`,
  );
  const knownIds = new Set(known.map((row) => row.id));
  const problems: Record<string, string[]> = {};
  prices.forEach((price, index) => {
    if (!knownIds.has(price.variantId)) problems[`prices.${index}.variantId`] = [/*i18n*/ 'Product not found'];
  });
  if (Object.keys(problems).length > 0) throw new HttpError('unprocessable', /*i18n*/ 'Some products were not found', problems);
  await tx.insert(customerGroupPrices).values(prices.map((price) => ({ tenantId, groupId, variantId: price.variantId, priceMinor: price.priceMinor })));
}

export function createCustomerGroup(database: Database, tenantId: string, input: GroupInput): Promise<CustomerGroup> {
  return database
    .withTenant(tenantId, async (tx) => {
      await assertCustomerManagement(tx);
      const [row] = await tx
        .insert(customerGroups)
        .values({ tenantId, name: input.name, priceRule: input.priceRule, discountBps: input.priceRule === 'discount' ? input.discountBps : 0 })
        .returning({ id: customerGroups.id });
      await writePrices(tx, tenantId, row!.id, input.priceRule === 'price_list' ? input.prices : []);
      return readGroup(tx, tenantId, row!.id);
    })
    .catch(nameTaken);
}

export function updateCustomerGroup(database: Database, tenantId: string, groupId: string, input: GroupInput): Promise<CustomerGroup> {
  return database
    .withTenant(tenantId, async (tx) => {
      await assertCustomerManagement(tx);
      const [row] = await tx
        .update(customerGroups)
        .set({ name: input.name, priceRule: input.priceRule, discountBps: input.priceRule === 'discount' ? input.discountBps : 0, updatedAt: new Date() })
        .where(eq(customerGroups.id, groupId))
        .returning({ id: customerGroups.id });
      if (!row) throw notFound(GROUP_NOT_FOUND);
      await writePrices(tx, tenantId, groupId, input.priceRule === 'price_list' ? input.prices : []);
      return readGroup(tx, tenantId, groupId);
    })
    .catch(nameTaken);
}

/** Deletes a group; its members simply have no group afterwards. */
export function deleteCustomerGroup(database: Database, tenantId: string, groupId: string): Promise<void> {
  return database.withTenant(tenantId, async (tx) => {
    await assertCustomerManagement(tx);
    const [exists] = await tx.select({ id: customerGroups.id }).from(customerGroups).where(eq(customerGroups.id, groupId)).for('update');
    if (!exists) throw notFound(GROUP_NOT_FOUND);
    await tx.execute(sql`update contacts set customer_group_id = null, updated_at = now() where tenant_id = ${tenantId} and customer_group_id = ${groupId}`);
    await tx.delete(customerGroups).where(eq(customerGroups.id, groupId));
  });
}
