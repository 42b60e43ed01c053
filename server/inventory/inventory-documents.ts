import { eq, inArray, sql } from 'drizzle-orm';
import { QUANTITY_SCALE } from '../../core/products/quantity.rules';
import type { Database, TenantTx } from '../db/client';
import { users } from '../db/schema/auth';
import { locations } from '../db/schema/inventory';
import { productVariants, products, units } from '../db/schema/products';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import { claimRequestKey, type RequestKey } from '../http/idempotency';
import { requireWorkplace, type Workplaces } from './location-access';

// What the stock documents (adjustments, transfers, stock takes) share: checking their lines and
// locations, creating them once per Idempotency-Key, naming the people on them, paging their lists.

/** Who reads a document: the shop, and the locations the person may work at (issue 20). */
export interface DocumentReader extends Workplaces {
  tenantId: string;
  /** Whether the person sees what goods cost (costs.view, issue 20); absent for a job or the system: yes. */
  seesCosts?: boolean;
}

/** Who writes a document, and the client's Idempotency-Key of the request (or null). */
export interface DocumentAuthor extends DocumentReader {
  userId: string;
  requestKey: RequestKey | null;
}

export interface LineItem {
  variantId: string;
  productName: string;
  variantName: string;
  sku: string;
  trackStock: boolean;
  allowsDecimals: boolean;
}

/** "Sugar 1 kg" or "T-shirt (Large / Red)". */
export function itemLabel(item: { productName: string; variantName: string }): string {
  return item.variantName ? `${item.productName} (${item.variantName})` : item.productName;
}

/** The variants named by a document's lines, in this tenant (RLS): others' ids are simply absent. */
export async function loadLineItems(tx: TenantTx, variantIds: string[]): Promise<Map<string, LineItem>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({
      variantId: productVariants.id,
      productName: products.name,
      variantName: productVariants.name,
      sku: productVariants.sku,
      trackStock: products.trackStock,
      allowsDecimals: sql<boolean>`coalesce(${units.allowsDecimals}, false)`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(units, eq(units.id, products.unitId))
    .where(inArray(productVariants.id, variantIds));
  return new Map(rows.map((row) => [row.variantId, row]));
}

/**
 * Problems with one line's item and quantity, as field messages: unknown, not tracking stock, or
 * a fraction of a unit that is counted whole (a product without a unit is counted whole).
 */
export function lineProblems(
  item: LineItem | undefined,
  quantityMilli: number,
  fields: { variant: string; quantity: string },
): Record<string, string[]> {
  if (!item) return { [fields.variant]: [/*i18n*/ 'Product not found'] };
  if (!item.trackStock) return { [fields.variant]: [`${itemLabel(item)} does not track stock`] };
  if (!item.allowsDecimals && quantityMilli % QUANTITY_SCALE !== 0) {
    return { [fields.quantity]: [`${itemLabel(item)} is counted in whole units`] };
  }
  return {};
}

/** The document's line items, or 400 with a message per bad line (nothing is written). */
export async function requireLineItems(
  tx: TenantTx,
  lines: { variantId: string; quantityMilli: number }[],
  quantityField: string,
): Promise<Map<string, LineItem>> {
  const items = await loadLineItems(tx, lines.map((line) => line.variantId));
  const fields: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    const variant = `lines.${index}.variantId`;
    Object.assign(fields, lineProblems(items.get(line.variantId), line.quantityMilli, { variant, quantity: `lines.${index}.${quantityField}` }));
  });
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Some lines are invalid', fields);
  return items;
}

/** An open location of this tenant where the person may work: 404 on the named field when it is not theirs, 400 when unknown or closed. */
export async function requireActiveLocation(tx: TenantTx, who: Workplaces, locationId: string, field: string): Promise<{ id: string; name: string }> {
  requireWorkplace(who, locationId, field);
  const [location] = await tx
    .select({ id: locations.id, name: locations.name, isActive: locations.isActive })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!location) throw new HttpError('validation_failed', /*i18n*/ 'Location not found', { [field]: [/*i18n*/ 'Location not found'] });
  if (!location.isActive) {
    const message = `${location.name} is closed: reopen it first`;
    throw new HttpError('validation_failed', message, { [field]: [message] });
  }
  return { id: location.id, name: location.name };
}

/**
 * Creates a document once per Idempotency-Key. A retry finds the first one; a retry racing the
 * first waits on a unique index (the key's, or another such as a location's name), fails, and then
 * finds the committed first one (its own writes, stock movements included, roll back). A unique
 * violation with no first one behind it is the caller's to report.
 */
export async function createOnce(
  database: Database,
  author: DocumentAuthor,
  findByKey: (tx: TenantTx, requestKey: string) => Promise<string | undefined>,
  create: (tx: TenantTx) => Promise<string>,
): Promise<string> {
  const { requestKey } = author;
  try {
    return await database.withTenant(author.tenantId, async (tx) => {
      if (!requestKey) return create(tx);
      await claimRequestKey(tx, author.tenantId, requestKey);
      return (await findByKey(tx, requestKey.key)) ?? create(tx);
    });
  } catch (error) {
    if (!requestKey || !isUniqueViolation(error)) throw error;
    const first = await database.withTenant(author.tenantId, (tx) => findByKey(tx, requestKey.key));
    if (!first) throw error;
    return first;
  }
}

/** People's display names (users are platform rows: the tenant role cannot read them). */
export async function readUserNames(database: Database, userIds: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await database.platform.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name || 'Unnamed']));
}

export const nameOf = (names: Map<string, string>, userId: string | null) => (userId ? (names.get(userId) ?? null) : null);

export interface PageQuery {
  page: number;
  pageSize: number;
}

const pageOffset = (query: PageQuery) => (query.page - 1) * query.pageSize;

export interface Page<Item> extends PageQuery {
  items: Item[];
  total: number;
}

/**
 * One page of a list and the total it is a page of, read in one tenant transaction; the people on
 * its rows are then named (users are platform rows) as each row becomes an item.
 */
export async function readPage<Row, Item>(
  database: Database,
  tenantId: string,
  query: PageQuery,
  read: {
    count: (tx: TenantTx) => Promise<{ total: number }[]>;
    rows: (tx: TenantTx, window: { limit: number; offset: number }) => Promise<Row[]>;
    people: (row: Row) => (string | null)[];
  },
  toItem: (row: Row, names: Map<string, string>) => Item,
): Promise<Page<Item>> {
  const { rows, total } = await database.withTenant(tenantId, async (tx) => {
    const [count] = await read.count(tx);
    const page = await read.rows(tx, { limit: query.pageSize, offset: pageOffset(query) });
    return { rows: page, total: count?.total ?? 0 };
  });
  const names = await readUserNames(database, rows.flatMap(read.people));
  return { items: rows.map((row) => toItem(row, names)), total, page: query.page, pageSize: query.pageSize };
}

/** The select list of a list's count query. */
export const countAll = { total: sql<number>`count(*)::int` };
