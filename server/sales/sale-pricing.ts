import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DiscountTooLargeError, priceCart, type PricedCart, type PricedLine, type PricingLineInput } from '../../core/sales/pricing.rules';
import { MAX_SALE_MINOR, type Discount, type SaleQuote, type saleLineInputSchema } from '../../core/sales/sales.schemas';
import type { SellerLimits } from '../../core/sales/seller-limits.rules';
import { lineAmount } from '../../core/products/quantity.rules';
import { divideRounded, type TaxClass } from '../../core/products/tax.rules';
import { queryRows, type TenantTx } from '../db/client';
import { quantityFromNumeric } from '../db/schema/quantity';
import { HttpError } from '../http/errors';

// The server's price of a cart (the authority; the register's figures are a preview): the catalog
// as it is now (variants, packs, wholesale tiers), the customer's group rule, the shop's VAT rates
// and what is on hand at the register's location, put through core priceCart. Read-only: the
// checkout and the quote both start here.

export type SaleLine = z.output<typeof saleLineInputSchema>;

export interface CartToPrice {
  customerId: string | null;
  lines: SaleLine[];
  cartDiscount: Discount | null;
  tipMinor: number;
}

/** A component a combo line takes off the shelf, in the component's stock units. */
export interface StockTake {
  variantId: string;
  quantityMilli: number;
}

export interface PricedSaleLine extends PricedLine {
  variantId: string;
  productName: string;
  variantName: string;
  sku: string;
  /** The pack sold (null: the product's own unit) and the name of the unit sold. */
  unitId: string | null;
  unitName: string | null;
  quantityMilli: number;
  onHandMilli: number | null;
  costMinor: number;
  /** What leaves the shelf: the variant itself, a combo's tracked components, or nothing (untracked). */
  stockTakes: StockTake[];
}

export type QuoteCustomer = NonNullable<SaleQuote['customer']>;

export interface PricedSale {
  cart: PricedCart;
  lines: PricedSaleLine[];
  customer: QuoteCustomer | null;
}

interface VariantRow {
  id: string;
  product_id: string;
  product_name: string;
  variant_name: string;
  sku: string;
  selling_price_minor: number;
  average_cost_minor: number;
  kind: 'standard' | 'combo';
  tax_class: TaxClass;
  track_stock: boolean;
  unit_id: string | null;
  unit_name: string | null;
  unit_allows_decimals: boolean | null;
  on_hand: string | null;
}

interface PackRow {
  id: string;
  name: string;
  base_unit_id: string | null;
  base_quantity: string | null;
  allows_decimals: boolean;
}

interface ComponentRow {
  product_id: string;
  variant_id: string;
  quantity: string;
  track_stock: boolean;
  average_cost_minor: number;
}

interface CustomerRow {
  id: string;
  name: string;
  type: string;
  merged_into_id: string | null;
  credit_limit_minor: string | number;
  group_id: string | null;
  group_name: string | null;
  price_rule: 'discount' | 'price_list' | null;
  discount_bps: number | null;
  balance_minor: string | null;
  deposit_minor: string | null;
  loyalty_points: number | null;
}

const uuidList = (ids: string[]) => sql.join([...new Set(ids)].map((id) => sql`${id}::uuid`), sql`, `);

function lineField(index: number, field: string, message: string): HttpError {
  return new HttpError('validation_failed', message, { [`lines.${index}.${field}`]: [message] });
}

/** The shop's VAT rates by class (zero-rated and exempt carry none). */
async function readTaxRates(tx: TenantTx): Promise<Record<TaxClass, number>> {
  const [row] = await queryRows<{ standard: number; reduced: number }>(
    tx,
    sql`select vat_standard_bp as standard, vat_reduced_bp as reduced from business_settings limit 1`,
  );
  return { standard: row?.standard ?? 1600, reduced: row?.reduced ?? 800, zero_rated: 0, exempt: 0 };
}

/** The sale's customer with what the register shows (balance, deposit, limit, points, group); 400 when it is no customer of this shop. */
async function readCustomer(tx: TenantTx, customerId: string): Promise<CustomerRow> {
  const [row] = await queryRows<CustomerRow>(
    tx,
    sql`select c.id, c.name, c.type, c.merged_into_id, c.credit_limit_minor, g.id as group_id, g.name as group_name, g.price_rule, g.discount_bps,
               a.balance_minor::text as balance_minor,
               (select coalesce(sum(o.open_minor), 0)::text from account_open_items o
                where o.contact_id = c.id and o.side = 'receivable' and o.direction = 'credit' and o.open_minor > 0) as deposit_minor,
               (select b.points from loyalty_balances b where b.contact_id = c.id) as loyalty_points
        from contacts c
        left join customer_groups g on g.tenant_id = c.tenant_id and g.id = c.customer_group_id
        left join contact_accounts a on a.tenant_id = c.tenant_id and a.contact_id = c.id and a.side = 'receivable'
        where c.id = ${customerId}`,
  );
  const refuse = (message: string) => new HttpError('validation_failed', message, { customerId: [message] });
  if (!row) throw refuse(/*i18n*/ 'Customer not found');
  if (row.type === 'supplier') throw refuse(/*i18n*/ 'This contact is not a customer');
  if (row.merged_into_id) throw refuse(/*i18n*/ 'This contact was merged into another one: use that one');
  return row;
}

/** What decides which lines need a manager's approval: the seller's limits (sellerLimits). */
export type ApprovalLimits = Pick<SellerLimits, 'discountLimitBps' | 'mayChangePrice'>;

/**
 * Prices the cart for a sale at `locationId`, judging approvals by `limits`. 400 with a field
 * message for a variant this shop does not sell (another shop's included), a unit the product is
 * not sold in, a fraction of a product counted whole, a discount above its line or the sale, or a
 * sale too large to record.
 */
export async function priceSale(tx: TenantTx, locationId: string, cart: CartToPrice, limits: ApprovalLimits): Promise<PricedSale> {
  const variantIds = cart.lines.map((line) => line.variantId);
  const packIds = cart.lines.flatMap((line) => (line.unitId ? [line.unitId] : []));
  const variants = await queryRows<VariantRow>(
    tx,
    sql`select v.id, v.product_id, p.name as product_name, v.name as variant_name, v.sku, v.selling_price_minor, v.average_cost_minor,
               p.kind, p.tax_class, p.track_stock, p.unit_id, u.name as unit_name, u.allows_decimals as unit_allows_decimals,
               s.on_hand::text as on_hand
        from product_variants v
        join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        left join units u on u.tenant_id = p.tenant_id and u.id = p.unit_id
        left join stock_levels s on s.tenant_id = v.tenant_id and s.variant_id = v.id and s.location_id = ${locationId}
        where v.id in (${uuidList(variantIds)})`,
  );
  const byVariant = new Map(variants.map((row) => [row.id, row]));
  cart.lines.forEach((line, index) => {
    if (!byVariant.has(line.variantId)) throw lineField(index, 'variantId', /*i18n*/ 'This product is not in the catalog');
  });

  const comboProductIds = variants.filter((row) => row.kind === 'combo').map((row) => row.product_id);
  const [packs, tiers, components, taxRatesBp, customer] = await Promise.all([
    packIds.length
      ? queryRows<PackRow>(tx, sql`select id, name, base_unit_id, base_quantity::text as base_quantity, allows_decimals from units where id in (${uuidList(packIds)})`)
      : Promise.resolve([]),
    queryRows<{ variant_id: string; min_quantity: string; price_minor: number }>(
      tx,
      sql`select variant_id, min_quantity::text as min_quantity, price_minor from product_price_tiers where variant_id in (${uuidList(variantIds)})`,
    ),
    comboProductIds.length
      ? queryRows<ComponentRow>(
          tx,
          sql`select cc.product_id, cc.component_variant_id as variant_id, cc.quantity::text as quantity, p.track_stock, v.average_cost_minor
              from combo_components cc
              join product_variants v on v.tenant_id = cc.tenant_id and v.id = cc.component_variant_id
              join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
              where cc.product_id in (${uuidList(comboProductIds)})
              order by cc.component_variant_id`,
        )
      : Promise.resolve([]),
    readTaxRates(tx),
    cart.customerId ? readCustomer(tx, cart.customerId) : Promise.resolve(null),
  ]);
  const groupPrices =
    customer?.price_rule === 'price_list' && customer.group_id
      ? await queryRows<{ variant_id: string; price_minor: number }>(
          tx,
          sql`select variant_id, price_minor from customer_group_prices where group_id = ${customer.group_id} and variant_id in (${uuidList(variantIds)})`,
        )
      : [];
  const packById = new Map(packs.map((row) => [row.id, row]));
  const groupPriceByVariant = new Map(groupPrices.map((row) => [row.variant_id, row.price_minor]));

  const inputs: PricingLineInput[] = cart.lines.map((line, index) => {
    const variant = byVariant.get(line.variantId)!;
    const packSizeMilli = packSizeOf(line, index, variant, packById);
    return {
      item: {
        sellingPriceMinor: variant.selling_price_minor,
        tiers: tiers.filter((tier) => tier.variant_id === variant.id).map((tier) => ({ minQuantityMilli: quantityFromNumeric(tier.min_quantity), priceMinor: tier.price_minor })),
        groupPriceMinor: groupPriceByVariant.get(variant.id) ?? null,
        taxClass: variant.tax_class,
      },
      quantityMilli: line.quantityMilli,
      packSizeMilli,
      unitPriceOverrideMinor: line.unitPriceMinor,
      discount: line.discount,
    };
  });

  const priced = priceOrRefuse(inputs, {
    taxRatesBp,
    groupDiscountBps: customer?.price_rule === 'discount' ? (customer.discount_bps ?? 0) : 0,
    cartDiscount: cart.cartDiscount,
    tipMinor: cart.tipMinor,
    discountLimitBps: limits.discountLimitBps,
    mayChangePrice: limits.mayChangePrice,
  });

  const lines = priced.lines.map((pricedLine, index): PricedSaleLine => {
    const line = cart.lines[index]!;
    const variant = byVariant.get(line.variantId)!;
    const pack = line.unitId && line.unitId !== variant.unit_id ? packById.get(line.unitId)! : null;
    const stockQuantityMilli = pricedLine.stockQuantityMilli;
    const parts = variant.kind === 'combo' ? components.filter((component) => component.product_id === variant.product_id) : [];
    const partTakes = parts.map((part) => ({ part, quantityMilli: divideRounded(quantityFromNumeric(part.quantity) * stockQuantityMilli, 1000) }));
    const stockTakes: StockTake[] =
      variant.kind === 'combo'
        ? partTakes.filter(({ part, quantityMilli }) => part.track_stock && quantityMilli > 0).map(({ part, quantityMilli }) => ({ variantId: part.variant_id, quantityMilli }))
        : variant.track_stock
          ? [{ variantId: variant.id, quantityMilli: stockQuantityMilli }]
          : [];
    const costMinor =
      variant.kind === 'combo'
        ? partTakes.reduce((sum, { part, quantityMilli }) => sum + lineAmount(part.average_cost_minor, quantityMilli), 0)
        : lineAmount(variant.average_cost_minor, stockQuantityMilli);
    return {
      ...pricedLine,
      variantId: variant.id,
      productName: variant.product_name,
      variantName: variant.variant_name,
      sku: variant.sku,
      unitId: pack?.id ?? null,
      unitName: pack?.name ?? variant.unit_name,
      quantityMilli: line.quantityMilli,
      onHandMilli: variant.kind === 'standard' && variant.track_stock ? quantityFromNumeric(variant.on_hand ?? '0') : null,
      costMinor,
      stockTakes,
    };
  });

  return { cart: priced, lines, customer: customer ? toQuoteCustomer(customer) : null };
}

/** Stock units per unit sold ×1000: 1000 for the product's own unit, the pack's base quantity for a pack of it. */
function packSizeOf(line: SaleLine, index: number, variant: VariantRow, packById: Map<string, PackRow>): number {
  let allowsDecimals = variant.unit_allows_decimals ?? false;
  let packSizeMilli = 1000;
  if (line.unitId && line.unitId !== variant.unit_id) {
    const pack = packById.get(line.unitId);
    if (!pack || variant.unit_id === null || pack.base_unit_id !== variant.unit_id || pack.base_quantity === null) {
      throw lineField(index, 'unitId', /*i18n*/ 'This product is not sold in this unit');
    }
    allowsDecimals = pack.allows_decimals;
    packSizeMilli = quantityFromNumeric(pack.base_quantity);
  }
  if (!allowsDecimals && line.quantityMilli % 1000 !== 0) throw lineField(index, 'quantityMilli', /*i18n*/ 'This item is sold in whole units');
  return packSizeMilli;
}

function priceOrRefuse(inputs: PricingLineInput[], options: Parameters<typeof priceCart>[1]): PricedCart {
  let priced: PricedCart;
  try {
    priced = priceCart(inputs, options);
  } catch (error) {
    if (error instanceof DiscountTooLargeError) {
      const field = error.lineIndex === null ? 'cartDiscount' : `lines.${error.lineIndex}.discount`;
      throw new HttpError('validation_failed', error.message, { [field]: [error.message] });
    }
    if (error instanceof RangeError) throw saleTooLarge();
    throw error;
  }
  const tooLarge = [priced.subtotalMinor, priced.totalMinor, ...priced.lines.flatMap((line) => [line.grossMinor, line.listPriceMinor])].some((amount) => amount > MAX_SALE_MINOR);
  if (tooLarge) throw saleTooLarge();
  return priced;
}

function saleTooLarge(): HttpError {
  const message = /*i18n*/ 'This sale is too large to record: split it into smaller sales';
  return new HttpError('validation_failed', message, { lines: [message] });
}

function toQuoteCustomer(row: CustomerRow): QuoteCustomer {
  return {
    id: row.id,
    name: row.name,
    balanceMinor: Number(row.balance_minor ?? 0),
    depositMinor: Number(row.deposit_minor ?? 0),
    creditLimitMinor: Number(row.credit_limit_minor),
    loyaltyPoints: row.loyalty_points ?? 0,
    groupName: row.group_name,
  };
}

/** The register's view of a priced cart (POST /api/sales/quote and the body of a 409 price_changed). */
export function toQuote(priced: PricedSale): SaleQuote {
  const { cart } = priced;
  return {
    lines: priced.lines.map((line) => ({
      variantId: line.variantId,
      productName: line.productName,
      variantName: line.variantName,
      sku: line.sku,
      unitId: line.unitId,
      unitName: line.unitName,
      quantityMilli: line.quantityMilli,
      stockQuantityMilli: line.stockQuantityMilli,
      listPriceMinor: line.listPriceMinor,
      unitPriceMinor: line.unitPriceMinor,
      priceOverridden: line.priceOverridden,
      lineDiscountMinor: line.lineDiscountMinor,
      cartDiscountShareMinor: line.cartDiscountShareMinor,
      totalMinor: line.totalMinor,
      taxClass: line.taxClass,
      taxBand: line.taxBand,
      taxRateBp: line.taxRateBp,
      taxMinor: line.taxMinor,
      onHandMilli: line.onHandMilli,
      needsApproval: line.needsApproval,
    })),
    subtotalMinor: cart.subtotalMinor,
    discountMinor: cart.discountMinor,
    cartDiscountMinor: cart.cartDiscountMinor,
    tipMinor: cart.tipMinor,
    totalMinor: cart.totalMinor,
    taxMinor: cart.taxMinor,
    taxBands: cart.taxBands,
    cartNeedsApproval: cart.cartNeedsApproval,
    customer: priced.customer,
  };
}
