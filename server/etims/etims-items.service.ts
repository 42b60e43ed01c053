import { sql } from 'drizzle-orm';
import { itemCode, taxTypeOf, toAmount } from '../../core/etims/etims.rules';
import type { EtimsItemInput, EtimsItemRow } from '../../core/etims/etims.schemas';
import type { TaxClass } from '../../core/products/tax.rules';
import type { z } from 'zod';
import type { etimsItemListQuerySchema } from '../../core/etims/etims.schemas';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import { ETIMS_NO_RESULT, ETIMS_OK, EtimsUnknownOutcomeError, type EtimsResult } from './etims.client';
import { shopDevice } from './etims-settings.service';
import type { EtimsWorkerDeps } from './etims-worker';

// eTIMS items (issue 19): each variant gets an item code (KE + type + packaging unit + quantity
// unit + a 7-digit sequence per shop), KRA's classification, packaging and quantity unit codes,
// and the tax type of its product's VAT class; "Register" sends it with saveItem. The
// classification and unit code lists are fetched from KRA (selectItemClsList, selectCodeList) and
// kept per shop for the pickers.

/** Advisory lock space for a shop's item sequence. */
const ITEM_SEQUENCE_LOCK = 1_519_001;

interface ItemRow {
  variant_id: string;
  product_name: string;
  variant_name: string;
  sku: string;
  tax_class: TaxClass;
  item_code: string | null;
  item_class_code: string | null;
  packaging_unit_code: string | null;
  quantity_unit_code: string | null;
  registered_at: string | null;
  last_error: string | null;
}

function toItemRow(row: ItemRow): EtimsItemRow {
  const missing: EtimsItemRow['missing'] = [];
  if (!row.item_class_code) missing.push('item_class');
  if (!row.packaging_unit_code) missing.push('packaging_unit');
  if (!row.quantity_unit_code) missing.push('quantity_unit');
  return {
    variantId: row.variant_id,
    productName: row.product_name,
    variantName: row.variant_name,
    sku: row.sku,
    taxType: taxTypeOf(row.tax_class),
    itemCode: row.item_code,
    itemClassCode: row.item_class_code,
    packagingUnitCode: row.packaging_unit_code,
    quantityUnitCode: row.quantity_unit_code,
    registeredAt: row.registered_at ? new Date(row.registered_at).toISOString() : null,
    lastError: row.last_error,
    missing,
  };
}

const itemSelect = sql`select v.id as variant_id, p.name as product_name, v.name as variant_name, v.sku, p.tax_class,
    i.item_code, i.item_class_code, i.packaging_unit_code, i.quantity_unit_code, i.registered_at, i.last_error
  from product_variants v join products p on p.id = v.product_id left join etims_items i on i.variant_id = v.id`;

/** Variants with their eTIMS item: all, those missing data, those ready to register, those registered. */
export async function listItems(database: Database, tenantId: string, query: z.output<typeof etimsItemListQuerySchema>) {
  const filters = [sql`p.status <> 'archived'`];
  if (query.filter === 'missing') filters.push(sql`i.id is null`);
  if (query.filter === 'ready') filters.push(sql`i.id is not null and i.registered_at is null`);
  if (query.filter === 'registered') filters.push(sql`i.registered_at is not null`);
  if (query.q) filters.push(sql`(p.name ilike ${`%${query.q}%`} or v.sku ilike ${`%${query.q}%`})`);
  const where = sql.join(filters, sql` and `);
  return database.withTenant(tenantId, async (tx) => {
    const rows = await queryRows<ItemRow>(tx, sql`${itemSelect} where ${where} order by p.name, v.position, v.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
    const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from product_variants v join products p on p.id = v.product_id left join etims_items i on i.variant_id = v.id where ${where}`);
    return { items: rows.map(toItemRow), total: count!.n, page: query.page, pageSize: query.pageSize };
  });
}

/**
 * Saves a variant's eTIMS details. The first save takes the shop's next sequence; the code follows
 * the units until KRA has the item, after which its code and units no longer change.
 */
export async function saveItemDetails(database: Database, tenantId: string, variantId: string, input: EtimsItemInput): Promise<EtimsItemRow> {
  return database.withTenant(tenantId, async (tx) => {
    const [variant] = await queryRows<{ tax_class: TaxClass }>(tx, sql`select p.tax_class from product_variants v join products p on p.id = v.product_id where v.id = ${variantId}`);
    if (!variant) throw notFound(/*i18n*/ 'Product not found');
    await checkUnitCodes(tx, input);
    const [existing] = await queryRows<{ sequence: number; registered_at: string | null; packaging_unit_code: string; quantity_unit_code: string; item_type_code: string; origin_country: string }>(
      tx,
      sql`select sequence, registered_at, packaging_unit_code, quantity_unit_code, item_type_code, origin_country from etims_items where variant_id = ${variantId}`,
    );
    if (existing?.registered_at) {
      const codeChanged =
        existing.packaging_unit_code !== input.packagingUnitCode ||
        existing.quantity_unit_code !== input.quantityUnitCode ||
        existing.item_type_code !== input.itemTypeCode ||
        existing.origin_country !== input.originCountry;
      if (codeChanged) {
        const message = /*i18n*/ 'KRA already has this item: its units, type and origin stay as registered';
        throw new HttpError('conflict', message, { packagingUnitCode: [message] });
      }
    }
    let sequence = existing?.sequence;
    if (!sequence) {
      await tx.execute(sql`select pg_advisory_xact_lock(${ITEM_SEQUENCE_LOCK}::int, hashtext(${tenantId}))`);
      const [next] = await queryRows<{ next: number }>(tx, sql`select coalesce(max(sequence), 0) + 1 as next from etims_items`);
      sequence = next!.next;
    }
    const code = itemCode({ ...input, sequence });
    const taxType = taxTypeOf(variant.tax_class);
    await tx.execute(
      sql`insert into etims_items (tenant_id, variant_id, sequence, item_code, item_type_code, item_class_code, packaging_unit_code, quantity_unit_code, tax_type, origin_country)
          values (${tenantId}, ${variantId}, ${sequence}, ${code}, ${input.itemTypeCode}, ${input.itemClassCode}, ${input.packagingUnitCode}, ${input.quantityUnitCode}, ${taxType}, ${input.originCountry})
          on conflict (tenant_id, variant_id) do update set item_code = excluded.item_code, item_type_code = excluded.item_type_code,
            item_class_code = excluded.item_class_code, packaging_unit_code = excluded.packaging_unit_code, quantity_unit_code = excluded.quantity_unit_code,
            tax_type = excluded.tax_type, origin_country = excluded.origin_country, updated_at = now()`,
    );
    const [row] = await queryRows<ItemRow>(tx, sql`${itemSelect} where v.id = ${variantId}`);
    return toItemRow(row!);
  });
}

/** KRA's code list classes: packaging units and quantity units (selectCodeList). */
export const PACKAGING_UNIT_CLASS = '17';
export const QUANTITY_UNIT_CLASS = '10';

/**
 * Once the shop fetched KRA's code lists, a unit code must be in them: saveItem takes any code, but
 * every sale of the item would then be refused (913).
 */
async function checkUnitCodes(tx: TenantTx, input: EtimsItemInput) {
  const rows = await queryRows<{ code_class: string; known: boolean }>(
    tx,
    sql`select code_class, bool_or(code = case code_class when ${PACKAGING_UNIT_CLASS} then ${input.packagingUnitCode} else ${input.quantityUnitCode} end) as known
        from etims_codes where code_class in (${PACKAGING_UNIT_CLASS}, ${QUANTITY_UNIT_CLASS}) group by code_class`,
  );
  const fields: Record<string, string[]> = {};
  for (const row of rows) {
    if (row.known) continue;
    if (row.code_class === PACKAGING_UNIT_CLASS) fields.packagingUnitCode = [/*i18n*/ 'Not in KRA’s list of packaging units'];
    else fields.quantityUnitCode = [/*i18n*/ 'Not in KRA’s list of quantity units'];
  }
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Use KRA’s unit codes', fields);
}

/** The unit codes the shop fetched from KRA, for the item form's pickers (empty until fetched). */
export async function listUnitCodes(database: Database, tenantId: string) {
  const rows = await database.withTenant(tenantId, (tx) =>
    queryRows<{ code_class: string; code: string; name: string }>(
      tx,
      sql`select code_class, code, name from etims_codes where is_used and code_class in (${PACKAGING_UNIT_CLASS}, ${QUANTITY_UNIT_CLASS}) order by code_class, sort_order, code`,
    ),
  );
  const of = (codeClass: string) => rows.filter((row) => row.code_class === codeClass).map((row) => ({ code: row.code, name: row.name }));
  return { packagingUnits: of(PACKAGING_UNIT_CLASS), quantityUnits: of(QUANTITY_UNIT_CLASS) };
}

/**
 * Sends the items with saveItem (the given variants, or every one saved and not yet registered,
 * up to 200 a call): each is marked registered or keeps KRA's refusal in last_error.
 */
export async function registerItems(deps: EtimsWorkerDeps, tenantId: string, variantIds: string[] | 'ready'): Promise<{ registered: number; failed: number }> {
  const device = await shopDevice(deps, tenantId);
  if (!device) throw new HttpError('conflict', /*i18n*/ 'Initialise the eTIMS device first');
  const rows = await deps.database.withTenant(tenantId, (tx) =>
    queryRows<{ id: string; item_code: string; item_class_code: string; item_type_code: string; name: string; origin_country: string; packaging_unit_code: string; quantity_unit_code: string; tax_class: TaxClass; price_minor: number; barcode: string | null }>(
      tx,
      sql`select i.id, i.item_code, i.item_class_code, i.item_type_code, trim(p.name || ' ' || v.name) as name, i.origin_country, i.packaging_unit_code, i.quantity_unit_code,
                 p.tax_class, v.selling_price_minor as price_minor,
                 (select b.code from product_barcodes b where b.variant_id = v.id order by b.code limit 1) as barcode
          from etims_items i join product_variants v on v.id = i.variant_id join products p on p.id = v.product_id
          where ${variantIds === 'ready' ? sql`i.registered_at is null` : variantIds.length > 0 ? sql`i.variant_id in (${sql.join(variantIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql`false`}
          order by i.sequence limit 200`,
    ),
  );
  if (variantIds !== 'ready' && rows.length < new Set(variantIds).size) {
    const message = /*i18n*/ 'Save the item’s classification and units before registering it';
    throw new HttpError('validation_failed', message, { variantIds: [message] });
  }
  const api = deps.apiFor(device.environment);
  let registered = 0;
  for (const row of rows) {
    let error: string | null = null;
    try {
      const answer = await api.saveItem(device.device, {
        itemCd: row.item_code,
        itemClsCd: row.item_class_code,
        itemTyCd: row.item_type_code,
        itemNm: row.name.slice(0, 200),
        itemStdNm: null,
        orgnNatCd: row.origin_country,
        pkgUnitCd: row.packaging_unit_code,
        qtyUnitCd: row.quantity_unit_code,
        taxTyCd: taxTypeOf(row.tax_class),
        btchNo: null,
        bcd: row.barcode,
        dftPrc: toAmount(row.price_minor),
        addInfo: null,
        sftyQty: null,
        isrcAplcbYn: 'N',
        useYn: 'Y',
        regrId: 'dukani',
        regrNm: 'Dukani',
        modrId: 'dukani',
        modrNm: 'Dukani',
      });
      if (answer.resultCd !== ETIMS_OK) error = `${answer.resultCd}: ${answer.resultMsg}`;
    } catch (caught) {
      if (!(caught instanceof EtimsUnknownOutcomeError)) throw caught;
      error = caught.message;
    }
    await deps.database.withTenant(tenantId, (tx) =>
      tx.execute(
        error === null
          ? sql`update etims_items set registered_at = now(), last_error = null, tax_type = ${taxTypeOf(row.tax_class)}, updated_at = now() where id = ${row.id}`
          : sql`update etims_items set last_error = ${error.slice(0, 500)}, updated_at = now() where id = ${row.id}`,
      ),
    );
    if (error === null) registered += 1;
  }
  return { registered, failed: rows.length - registered };
}

/** A KRA list call: an unanswered one is a 503, a refusal a 422 with KRA's code and text. */
async function fetchList<T>(call: () => Promise<EtimsResult<T>>): Promise<T | null> {
  let answer: EtimsResult<T>;
  try {
    answer = await call();
  } catch (error) {
    if (error instanceof EtimsUnknownOutcomeError) throw new HttpError('service_unavailable', /*i18n*/ 'KRA eTIMS did not answer: try again in a moment');
    throw error;
  }
  if (answer.resultCd !== ETIMS_OK && answer.resultCd !== ETIMS_NO_RESULT) throw new HttpError('unprocessable', /*i18n*/ 'KRA refused the request', { q: [`${answer.resultCd}: ${answer.resultMsg}`] });
  return answer.data;
}

/** Fetches KRA's classification list and its unit code lists (everything since 2018) into the shop's copy. */
export async function refreshKraLists(deps: EtimsWorkerDeps, tenantId: string): Promise<{ classes: number; codes: number }> {
  const device = await shopDevice(deps, tenantId);
  if (!device) throw new HttpError('conflict', /*i18n*/ 'Initialise the eTIMS device first');
  const api = deps.apiFor(device.environment);
  const classes = (await fetchList(() => api.selectItemClsList(device.device, '20180101000000')))?.itemClsList ?? [];
  const codes = ((await fetchList(() => api.selectCodeList(device.device, '20180101000000')))?.clsList ?? [])
    .filter((codeClass) => codeClass.cdCls === PACKAGING_UNIT_CLASS || codeClass.cdCls === QUANTITY_UNIT_CLASS)
    .flatMap((codeClass) => (codeClass.dtlList ?? []).map((detail) => ({ codeClass: codeClass.cdCls, ...detail })));
  await deps.database.withTenant(tenantId, async (tx) => {
    for (let start = 0; start < classes.length; start += 500) {
      const values = classes
        .slice(start, start + 500)
        .map((row) => sql`(${tenantId}, ${row.itemClsCd}, ${row.itemClsNm}, ${row.itemClsLvl ?? 0}, ${row.taxTyCd}, ${row.mjrTgYn === 'Y'}, ${row.useYn !== 'N'}, now())`);
      await tx.execute(
        sql`insert into etims_item_classes (tenant_id, code, name, level, tax_type, is_major, is_used, fetched_at) values ${sql.join(values, sql`, `)}
            on conflict (tenant_id, code) do update set name = excluded.name, level = excluded.level, tax_type = excluded.tax_type,
              is_major = excluded.is_major, is_used = excluded.is_used, fetched_at = excluded.fetched_at`,
      );
    }
    if (codes.length > 0) {
      const values = codes.map((row) => sql`(${tenantId}, ${row.codeClass}, ${row.cd}, ${row.cdNm}, ${row.srtOrd ?? 0}, ${row.useYn !== 'N'}, now())`);
      await tx.execute(
        sql`insert into etims_codes (tenant_id, code_class, code, name, sort_order, is_used, fetched_at) values ${sql.join(values, sql`, `)}
            on conflict (tenant_id, code_class, code) do update set name = excluded.name, sort_order = excluded.sort_order, is_used = excluded.is_used, fetched_at = excluded.fetched_at`,
      );
    }
  });
  deps.logger.info({ tenantId, classes: classes.length, codes: codes.length }, 'eTIMS code lists fetched');
  return { classes: classes.length, codes: codes.length };
}

/** The picker's search: by code prefix or name, used classes only. */
export async function searchItemClasses(database: Database, tenantId: string, q: string, limit: number) {
  return database.withTenant(tenantId, async (tx) => {
    const classes = await queryRows<{ code: string; name: string; level: number; tax_type: string | null }>(
      tx,
      sql`select code, name, level, tax_type from etims_item_classes
          where is_used and (${q} = '' or code like ${`${q}%`} or lower(name) like ${`%${q.toLowerCase()}%`})
          order by level desc, name limit ${limit}`,
    );
    const [fetched] = await queryRows<{ at: string | null }>(tx, sql`select max(fetched_at) as at from etims_item_classes`);
    return {
      classes: classes.map((row) => ({ code: row.code, name: row.name, level: row.level, taxType: row.tax_type })),
      fetchedAt: fetched?.at ? new Date(fetched.at).toISOString() : null,
    };
  });
}
