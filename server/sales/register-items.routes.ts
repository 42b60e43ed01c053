import { createRoute } from '@hono/zod-openapi';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  REGISTER_GRID_PAGE_SIZE,
  REGISTER_SEARCH_LIMIT,
  REGISTER_TOP_SELLER_DAYS,
  registerCustomerSchema,
  registerItemListSchema,
  registerItemsQuerySchema,
  type RegisterCustomer,
  type RegisterItem,
  type RegisterItemList,
} from '../../core/sales/register-items.schemas';
import type { TaxClass } from '../../core/products/tax.rules';
import { queryRows, type TenantTx } from '../db/client';
import { quantityFromNumeric } from '../db/schema/quantity';
import { HttpError } from '../http/errors';
import { errorResponse, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';

// The register's catalog reads (issue 15): what the cart needs to price a line on screen (tiers,
// packs, VAT class, whether the unit takes decimals, stock at the register's location) for a scan
// (exact barcode or SKU), a typed search (the pick list), a parked cart's variants or the product
// grid (the location's top sellers, a category's page); and a
// customer's prices and account figures. Read-only; the checkout prices everything again.


interface ItemRow {
  variant_id: string;
  product_id: string;
  product_name: string;
  variant_name: string;
  sku: string;
  barcodes: string[];
  selling_price_minor: number;
  tax_class: TaxClass;
  kind: 'standard' | 'combo';
  track_stock: boolean;
  image_url: string | null;
  unit_id: string | null;
  unit_name: string | null;
  unit_allows_decimals: boolean | null;
  on_hand: string | null;
  tiers: { minQuantity: string; priceMinor: number }[];
  packs: { unitId: string; name: string; baseQuantity: string; allowsDecimals: boolean }[];
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

type ItemsQuery = z.output<typeof registerItemsQuerySchema>;

/**
 * Which variants a query answers, and in what order: a where clause on v (each branch a subquery
 * of ids that can use its index: barcode, SKU, name trigram, category), or for the grid's top
 * sellers a join of what sold.
 */
interface Matching {
  join: SQL;
  where: SQL;
  orderBy: SQL;
  limit: number;
  offset: number;
}

const byName = sql`p.name_key, v.position, v.id`;

function matching(tenantId: string, locationId: string, query: ItemsQuery): Matching {
  const idsIn = (ids: SQL, limit: number, offset = 0): Matching => ({ join: sql``, where: sql`v.id in ${ids}`, orderBy: byName, limit, offset });
  if (query.code !== undefined) {
    const code = query.code;
    return idsIn(
      sql`(select b.variant_id from product_barcodes b where b.tenant_id = ${tenantId} and b.code = ${code}
           union select v.id from product_variants v where v.tenant_id = ${tenantId} and upper(v.sku) = ${code.toUpperCase()})`,
      REGISTER_SEARCH_LIMIT,
    );
  }
  if (query.variantIds !== undefined) {
    return idsIn(sql`(select unnest(${`{${query.variantIds.join(',')}}`}::uuid[]))`, query.variantIds.length);
  }
  if (query.grid === 'top') {
    // Favourites are not kept anywhere: they are what this location sold most (by stock quantity)
    // over the last days, read from the sales themselves, so there is nothing to set up or maintain.
    return {
      join: sql`join (select l.variant_id, sum(l.stock_quantity) as sold
                      from sales s join sale_lines l on l.tenant_id = s.tenant_id and l.sale_id = s.id
                      where s.tenant_id = ${tenantId} and s.location_id = ${locationId} and s.status <> 'voided'
                        and s.created_at >= now() - make_interval(days => ${REGISTER_TOP_SELLER_DAYS})
                      group by l.variant_id) top_sellers on top_sellers.variant_id = v.id`,
      where: sql`true`,
      orderBy: sql`top_sellers.sold desc, ${byName}`,
      limit: REGISTER_GRID_PAGE_SIZE,
      offset: 0,
    };
  }
  if (query.categoryId !== undefined) {
    const page = query.page ?? 1;
    return idsIn(
      sql`(select v.id from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
           where v.tenant_id = ${tenantId} and p.category_id in (
             with recursive tree as (
               select c.id from product_categories c where c.tenant_id = ${tenantId} and c.id = ${query.categoryId}
               union all
               select c.id from product_categories c join tree on c.parent_id = tree.id where c.tenant_id = ${tenantId})
             select id from tree))`,
      REGISTER_GRID_PAGE_SIZE,
      (page - 1) * REGISTER_GRID_PAGE_SIZE,
    );
  }
  const search = query.q ?? '';
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const nameMatches = sql.join(
    words.map((word) => sql`p.name_key like ${likePattern(word)}`),
    sql` and `,
  );
  const cap = REGISTER_SEARCH_LIMIT * 3;
  return idsIn(
    sql`(
      (select v.id from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
       where v.tenant_id = ${tenantId} and p.status = 'active' and ${nameMatches} order by p.name_key, v.position limit ${cap})
      union (select v.id from product_variants v where v.tenant_id = ${tenantId} and upper(v.sku) like ${likePattern(search.toUpperCase())} limit ${cap})
      union (select b.variant_id from product_barcodes b where b.tenant_id = ${tenantId} and b.code = ${search}))`,
    REGISTER_SEARCH_LIMIT,
  );
}

async function registerLocation(tx: TenantTx, registerId: string): Promise<string> {
  const [register] = await queryRows<{ location_id: string }>(tx, sql`select location_id from registers where id = ${registerId}`);
  if (!register) throw new HttpError('not_found', /*i18n*/ 'No such register');
  return register.location_id;
}

async function assertCategory(tx: TenantTx, categoryId: string): Promise<void> {
  const [category] = await queryRows<{ id: string }>(tx, sql`select id from product_categories where id = ${categoryId}`);
  if (!category) throw new HttpError('not_found', /*i18n*/ 'No such category');
}

export async function readRegisterItems(tx: TenantTx, tenantId: string, query: ItemsQuery): Promise<RegisterItemList> {
  const locationId = await registerLocation(tx, query.registerId);
  if (query.categoryId !== undefined) await assertCategory(tx, query.categoryId);
  const { join, where, orderBy, limit, offset } = matching(tenantId, locationId, query);
  // One row past the limit says whether more follow (the grid's "More").
  const rows = await queryRows<ItemRow>(
    tx,
    sql`select v.id as variant_id, p.id as product_id, p.name as product_name, v.name as variant_name, v.sku, v.selling_price_minor,
               p.tax_class, p.kind, p.track_stock, p.image_url, p.unit_id, u.name as unit_name, u.allows_decimals as unit_allows_decimals,
               s.on_hand::text as on_hand,
               coalesce((select json_agg(b.code order by b.created_at, b.code) from product_barcodes b
                         where b.tenant_id = v.tenant_id and b.variant_id = v.id), '[]'::json) as barcodes,
               coalesce((select json_agg(json_build_object('minQuantity', t.min_quantity::text, 'priceMinor', t.price_minor) order by t.min_quantity)
                         from product_price_tiers t where t.tenant_id = v.tenant_id and t.variant_id = v.id), '[]'::json) as tiers,
               coalesce((select json_agg(json_build_object('unitId', pu.id, 'name', pu.name, 'baseQuantity', pu.base_quantity::text,
                                                           'allowsDecimals', pu.allows_decimals) order by pu.base_quantity, pu.name)
                         from units pu where pu.tenant_id = p.tenant_id and p.unit_id is not null and pu.base_unit_id = p.unit_id), '[]'::json) as packs
        from product_variants v
        join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        ${join}
        left join units u on u.tenant_id = p.tenant_id and u.id = p.unit_id
        left join stock_levels s on s.tenant_id = v.tenant_id and s.variant_id = v.id and s.location_id = ${locationId}
        where v.tenant_id = ${tenantId} and p.status = 'active' and ${where}
        order by ${orderBy}
        limit ${limit + 1} offset ${offset}`,
  );
  return { items: rows.slice(0, limit).map(registerItemOf), hasMore: rows.length > limit };
}

function registerItemOf(row: ItemRow): RegisterItem {
  return {
    variantId: row.variant_id,
    productId: row.product_id,
    productName: row.product_name,
    variantName: row.variant_name,
    sku: row.sku,
    barcodes: row.barcodes,
    sellingPriceMinor: row.selling_price_minor,
    taxClass: row.tax_class,
    tiers: row.tiers.map((tier) => ({ minQuantityMilli: quantityFromNumeric(tier.minQuantity), priceMinor: tier.priceMinor })),
    unit: row.unit_id && row.unit_name !== null ? { id: row.unit_id, name: row.unit_name, allowsDecimals: row.unit_allows_decimals ?? false } : null,
    packs: row.packs.map((pack) => ({ unitId: pack.unitId, name: pack.name, packSizeMilli: quantityFromNumeric(pack.baseQuantity), allowsDecimals: pack.allowsDecimals })),
    onHandMilli: row.kind === 'standard' && row.track_stock ? quantityFromNumeric(row.on_hand ?? '0') : null,
    imageUrl: row.image_url,
  };
}

interface CustomerRow {
  id: string;
  name: string;
  phone: string | null;
  type: string;
  merged_into_id: string | null;
  group_id: string | null;
  group_name: string | null;
  price_rule: 'discount' | 'price_list' | null;
  discount_bps: number | null;
  credit_limit_minor: string | number;
  balance_minor: string | null;
  deposit_minor: string | null;
  loyalty_points: number | null;
}

export async function readRegisterCustomer(tx: TenantTx, customerId: string): Promise<RegisterCustomer> {
  const [row] = await queryRows<CustomerRow>(
    tx,
    sql`select c.id, c.name, c.phone, c.type, c.merged_into_id, g.id as group_id, g.name as group_name, g.price_rule, g.discount_bps, c.credit_limit_minor,
               a.balance_minor::text as balance_minor,
               (select coalesce(sum(o.open_minor), 0)::text from account_open_items o
                where o.contact_id = c.id and o.side = 'receivable' and o.direction = 'credit' and o.open_minor > 0) as deposit_minor,
               (select b.points from loyalty_balances b where b.contact_id = c.id) as loyalty_points
        from contacts c
        left join customer_groups g on g.tenant_id = c.tenant_id and g.id = c.customer_group_id
        left join contact_accounts a on a.tenant_id = c.tenant_id and a.contact_id = c.id and a.side = 'receivable'
        where c.id = ${customerId}`,
  );
  // A supplier, or a contact merged away, is no customer to sell to: as unknown as another shop's.
  if (!row || row.type === 'supplier' || row.merged_into_id) throw new HttpError('not_found', /*i18n*/ 'Customer not found');
  const groupPrices =
    row.price_rule === 'price_list' && row.group_id
      ? await queryRows<{ variant_id: string; price_minor: number }>(
          tx,
          sql`select variant_id, price_minor from customer_group_prices where group_id = ${row.group_id} order by variant_id`,
        )
      : [];
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    groupName: row.group_name,
    groupDiscountBps: row.price_rule === 'discount' ? (row.discount_bps ?? 0) : 0,
    groupPrices: groupPrices.map((price) => ({ variantId: price.variant_id, priceMinor: price.price_minor })),
    balanceMinor: Number(row.balance_minor ?? 0),
    depositMinor: Number(row.deposit_minor ?? 0),
    creditLimitMinor: Number(row.credit_limit_minor),
    loyaltyPoints: row.loyalty_points ?? 0,
  };
}

export const registerItemRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'get',
      path: '/api/register/items',
      tags: ['sales'],
      summary:
        'Items for the register’s cart with their prices, tiers, packs and stock at the register’s location: by exact barcode or SKU (code), a search (q), variant ids, or for the product grid the location’s top sellers (grid=top) or a category’s page (categoryId, page)',
      request: { query: registerItemsQuerySchema },
      responses: {
        200: jsonResponse(registerItemListSchema, 'Matching items (none: an unknown code)'),
        400: errorResponse('Invalid input, with a message per field'),
        404: errorResponse('No such register or category'),
      },
    }),
    async (c) => {
      const tenantId = c.var.tenantId;
      const query = c.req.valid('query');
      return c.json(await c.var.deps.database.withTenant(tenantId, (tx) => readRegisterItems(tx, tenantId, query)), 200);
    },
  ),
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'get',
      path: '/api/register/customers/{id}',
      tags: ['sales'],
      summary: 'A customer as the register needs them: group prices, balance, deposit, credit limit, loyalty points',
      request: { params: z.object({ id: z.uuid() }) },
      responses: { 200: jsonResponse(registerCustomerSchema, 'The customer'), 404: errorResponse('No such customer in this shop') },
    }),
    async (c) => {
      const customerId = c.req.valid('param').id;
      return c.json(await c.var.deps.database.withTenant(c.var.tenantId, (tx) => readRegisterCustomer(tx, customerId)), 200);
    },
  ),
];
