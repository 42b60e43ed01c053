import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Brand,
  brandInputSchema,
  Category,
  categoryInputSchema,
  categoryPatchSchema,
  Unit,
  unitInputSchema,
  unitPatchSchema,
} from '../../core/products/products.schemas';
import type { TaxClass } from '../../core/products/tax.rules';
import { queryRows, type TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { brands, productCategories, products, units } from '../db/schema/products';
import { HttpError, notFound } from '../http/errors';

// The catalog's reference data: nested categories, brands and units (with packs of a base unit).
// Parents and base units must be this shop's and may not loop back; what products use stays.

const fieldError = (code: 'validation_failed' | 'conflict', field: string, message: string) => new HttpError(code, message, { [field]: [message] });

/** Saves, turning a duplicate name into a 409 on the name field. */
async function savingName<T>(work: Promise<T>, constraint: string, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw fieldError('conflict', 'name', message);
    throw error;
  }
}

// Categories

/**
 * Every category with its full path ("Drinks › Soft drinks"), its own products, and the VAT class
 * a new product in it starts with (its own default, else the nearest parent's), by path.
 */
export async function listCategories(tx: TenantTx): Promise<Category[]> {
  return queryRows<Category>(
    tx,
    sql`with recursive tree as (
          select tenant_id, id, name, parent_id, default_tax_class, default_tax_class as inherited, name as path, 1 as depth
          from product_categories where parent_id is null
          union all
          select c.tenant_id, c.id, c.name, c.parent_id, c.default_tax_class, coalesce(c.default_tax_class, tree.inherited),
                 tree.path || ' › ' || c.name, tree.depth + 1
          from product_categories c join tree on c.tenant_id = tree.tenant_id and c.parent_id = tree.id
          where tree.depth < 20
        )
        select tree.id, tree.name, tree.parent_id as "parentId", tree.path,
               (select count(*)::int from products p where p.tenant_id = tree.tenant_id and p.category_id = tree.id) as "productCount",
               tree.default_tax_class as "defaultTaxClass", coalesce(tree.inherited, 'standard') as "newProductTaxClass"
        from tree order by lower(tree.path)`,
  );
}

/** The VAT class of a new product in the category (its default, else the nearest parent's, else standard). */
export async function readNewProductTaxClass(tx: TenantTx, categoryId: string | null): Promise<TaxClass> {
  if (!categoryId) return 'standard';
  const [row] = await queryRows<{ taxClass: TaxClass | null }>(
    tx,
    sql`with recursive chain as (
          select id, parent_id, default_tax_class, 1 as depth from product_categories where id = ${categoryId}
          union all
          select c.id, c.parent_id, c.default_tax_class, chain.depth + 1
          from product_categories c join chain on c.id = chain.parent_id
          where chain.depth < 20
        )
        select default_tax_class as "taxClass" from chain where default_tax_class is not null order by depth limit 1`,
  );
  return row?.taxClass ?? 'standard';
}

async function getCategory(tx: TenantTx, id: string): Promise<Category> {
  const category = (await listCategories(tx)).find((item) => item.id === id);
  if (!category) throw notFound(/*i18n*/ 'No such category');
  return category;
}

/** The self-references that must not loop: a category's parent, a pack's base unit. */
const chains = {
  categoryParents: { table: 'product_categories', link: 'parent_id' },
  unitBases: { table: 'units', link: 'base_unit_id' },
} as const;

/**
 * Follows a chain of self-references up from `startId` (RLS keeps it to this shop): whether the
 * start exists here, and whether the chain reaches `rowId`, which would make a loop.
 */
async function followChain(tx: TenantTx, chain: keyof typeof chains, startId: string, rowId: string | null) {
  const table = sql.identifier(chains[chain].table);
  const link = sql.identifier(chains[chain].link);
  const [row] = await queryRows<{ found: boolean; loops: boolean }>(
    tx,
    sql`with recursive chain as (
          select id, ${link} as link from ${table} where id = ${startId}
          union
          select t.id, t.${link} from ${table} t join chain on t.id = chain.link
        )
        select exists (select 1 from chain where id = ${startId}) as found,
               exists (select 1 from chain where id = ${rowId}::uuid) as loops`,
  );
  return { found: row?.found ?? false, loops: row?.loops ?? false };
}

/** A parent must exist here, and may not be the category itself or one inside it. */
async function checkParent(tx: TenantTx, parentId: string, categoryId: string | null) {
  const { found, loops } = await followChain(tx, 'categoryParents', parentId, categoryId);
  if (!found) throw fieldError('validation_failed', 'parentId', /*i18n*/ 'Choose a parent category from the list');
  if (loops) throw fieldError('validation_failed', 'parentId', /*i18n*/ 'A category cannot be inside itself or one of its sub-categories');
}

const CATEGORY_TAKEN = /*i18n*/ 'There is already a category with this name here';

export async function createCategory(tx: TenantTx, tenantId: string, input: z.output<typeof categoryInputSchema>): Promise<Category> {
  if (input.parentId) await checkParent(tx, input.parentId, null);
  const [created] = await savingName(
    tx
      .insert(productCategories)
      .values({ tenantId, name: input.name, parentId: input.parentId, defaultTaxClass: input.defaultTaxClass })
      .returning({ id: productCategories.id }),
    'product_categories_name_unique',
    CATEGORY_TAKEN,
  );
  return getCategory(tx, created!.id);
}

export async function updateCategory(tx: TenantTx, id: string, patch: z.output<typeof categoryPatchSchema>): Promise<Category> {
  const [current] = await tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, id)).for('update');
  if (!current) throw notFound(/*i18n*/ 'No such category');
  if (patch.parentId) await checkParent(tx, patch.parentId, id);
  await savingName(
    tx.update(productCategories).set({ ...patch, updatedAt: new Date() }).where(eq(productCategories.id, id)),
    'product_categories_name_unique',
    CATEGORY_TAKEN,
  );
  return getCategory(tx, id);
}

export async function deleteCategory(tx: TenantTx, id: string) {
  const [row] = await queryRows<{ products: number; children: number }>(
    tx,
    sql`select (select count(*)::int from products where category_id = c.id) as products,
               (select count(*)::int from product_categories where parent_id = c.id) as children
        from product_categories c where c.id = ${id}`,
  );
  if (!row) throw notFound(/*i18n*/ 'No such category');
  if (row.products > 0) throw new HttpError('conflict', `${row.products} product(s) are in this category; move them first`);
  if (row.children > 0) throw new HttpError('conflict', /*i18n*/ 'This category has sub-categories; move or delete them first');
  await tx.delete(productCategories).where(eq(productCategories.id, id));
}

// Brands (advanced inventory: the routes check the feature)

export async function listBrands(tx: TenantTx): Promise<Brand[]> {
  return queryRows<Brand>(
    tx,
    sql`select b.id, b.name, (select count(*)::int from products p where p.tenant_id = b.tenant_id and p.brand_id = b.id) as "productCount"
        from brands b order by lower(b.name)`,
  );
}

async function getBrand(tx: TenantTx, id: string): Promise<Brand> {
  const brand = (await listBrands(tx)).find((item) => item.id === id);
  if (!brand) throw notFound(/*i18n*/ 'No such brand');
  return brand;
}

const BRAND_TAKEN = /*i18n*/ 'There is already a brand with this name';

export async function createBrand(tx: TenantTx, tenantId: string, input: z.output<typeof brandInputSchema>): Promise<Brand> {
  const [created] = await savingName(tx.insert(brands).values({ tenantId, name: input.name }).returning({ id: brands.id }), 'brands_name_unique', BRAND_TAKEN);
  return getBrand(tx, created!.id);
}

export async function updateBrand(tx: TenantTx, id: string, input: z.output<typeof brandInputSchema>): Promise<Brand> {
  const updated = await savingName(
    tx.update(brands).set({ name: input.name, updatedAt: new Date() }).where(eq(brands.id, id)).returning({ id: brands.id }),
    'brands_name_unique',
    BRAND_TAKEN,
  );
  if (updated.length === 0) throw notFound(/*i18n*/ 'No such brand');
  return getBrand(tx, id);
}

export async function deleteBrand(tx: TenantTx, id: string) {
  const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, id));
  if (!brand) throw notFound(/*i18n*/ 'No such brand');
  const [used] = await tx.select({ total: count() }).from(products).where(eq(products.brandId, id));
  if (used!.total > 0) throw new HttpError('conflict', `${used!.total} product(s) have this brand; change them first`);
  await tx.delete(brands).where(eq(brands.id, id));
}

// Units (custom units and packs are advanced inventory: the routes check the feature)

const unitColumns = {
  id: units.id,
  name: units.name,
  shortName: units.shortName,
  allowsDecimals: units.allowsDecimals,
  baseUnitId: units.baseUnitId,
  baseQuantityMilli: units.baseQuantity,
};

export function listUnits(tx: TenantTx): Promise<Unit[]> {
  return tx.select(unitColumns).from(units).orderBy(sql`${units.baseUnitId} is not null`, asc(units.name));
}

async function getUnit(tx: TenantTx, id: string): Promise<Unit> {
  const [unit] = await tx.select(unitColumns).from(units).where(eq(units.id, id));
  if (!unit) throw notFound(/*i18n*/ 'No such unit');
  return unit;
}

/** A pack's base unit must exist here and must not, through its own bases, lead back to the pack. */
async function checkBaseUnit(tx: TenantTx, baseUnitId: string, unitId: string | null) {
  const { found, loops } = await followChain(tx, 'unitBases', baseUnitId, unitId);
  if (!found) throw fieldError('validation_failed', 'baseUnitId', /*i18n*/ 'Choose the unit this one contains');
  if (loops) throw fieldError('validation_failed', 'baseUnitId', /*i18n*/ 'A unit cannot contain itself');
}

const UNIT_TAKEN = /*i18n*/ 'There is already a unit with this name';

export async function createUnit(tx: TenantTx, tenantId: string, input: z.output<typeof unitInputSchema>): Promise<Unit> {
  if (input.baseUnitId) await checkBaseUnit(tx, input.baseUnitId, null);
  const [created] = await savingName(
    tx
      .insert(units)
      .values({ tenantId, name: input.name, shortName: input.shortName, allowsDecimals: input.allowsDecimals, baseUnitId: input.baseUnitId, baseQuantity: input.baseQuantityMilli })
      .returning({ id: units.id }),
    'units_name_unique',
    UNIT_TAKEN,
  );
  return getUnit(tx, created!.id);
}

export async function updateUnit(tx: TenantTx, id: string, patch: z.output<typeof unitPatchSchema>): Promise<Unit> {
  const current = await getUnit(tx, id);
  const next = { ...current, ...patch };
  if ((next.baseUnitId === null) !== (next.baseQuantityMilli === null)) {
    throw fieldError('validation_failed', 'baseQuantityMilli', /*i18n*/ 'Say how many of the base unit one of this holds');
  }
  if (next.baseUnitId) await checkBaseUnit(tx, next.baseUnitId, id);
  await savingName(
    tx
      .update(units)
      .set({ name: next.name, shortName: next.shortName, allowsDecimals: next.allowsDecimals, baseUnitId: next.baseUnitId, baseQuantity: next.baseQuantityMilli, updatedAt: new Date() })
      .where(eq(units.id, id)),
    'units_name_unique',
    UNIT_TAKEN,
  );
  return getUnit(tx, id);
}

export async function deleteUnit(tx: TenantTx, id: string) {
  await getUnit(tx, id);
  const [row] = await queryRows<{ products: number; packs: number }>(
    tx,
    sql`select (select count(*)::int from products where unit_id = ${id}) as products,
               (select count(*)::int from units where base_unit_id = ${id}) as packs`,
  );
  if (row!.products > 0) throw new HttpError('conflict', `${row!.products} product(s) are sold in this unit; change them first`);
  if (row!.packs > 0) throw new HttpError('conflict', /*i18n*/ 'Other units are packs of this one; change them first');
  await tx.delete(units).where(eq(units.id, id));
}
