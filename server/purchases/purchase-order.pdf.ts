import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { I18n } from '@lingui/core';
import { sql } from 'drizzle-orm';
import type { PDFImage } from 'pdf-lib';
import { INTL_LOCALES, type Locale } from '../../core/i18n/locale.rules';
import { formatQuantity } from '../../core/products/quantity.rules';
import type { PurchaseOrder } from '../../core/purchases/purchases.schemas';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { queryRows } from '../db/client';
import type { AppDependencies } from '../http/context';
import type { DocumentReader } from '../inventory/inventory-documents';
import { BRAND, formatStatementDate, INK, MARGIN, MUTED, PdfSheet, ROW } from '../statements/statement.pdf';
import { getPurchaseOrder } from './purchase-orders.service';

// A purchase order as the supplier gets it (issue 16): an A4 PDF on the shop's letterhead (name,
// logo, KRA PIN, the delivery address), the supplier, the lines in purchase units with unit cost,
// VAT and amounts, and the totals; and the same as plain text for WhatsApp or an SMS. Written in
// `i18n`'s language; the shop's and supplier's own words are printed as they are.

export interface PurchaseOrderDocument {
  order: PurchaseOrder;
  shop: {
    name: string;
    kraPin: string | null;
    currencyCode: string;
    currencyDecimals: number;
    timeZone: string;
    /** The delivery location's address. */
    address: string | null;
    logo: { bytes: Uint8Array; type: 'png' | 'jpg' } | null;
  };
  supplier: { company: string | null; address: string | null; kraPin: string | null };
}

interface LetterheadRow {
  shop_name: string | null;
  kra_pin: string | null;
  currency_code: string | null;
  currency_decimals: number | null;
  time_zone: string | null;
  logo_url: string | null;
  address: string | null;
  company: string | null;
  supplier_address: string | null;
  supplier_kra_pin: string | null;
}

/** The order with what its letterhead and supplier block print (404 for another shop's order, or one the reader may not see). */
export async function readPurchaseOrderDocument(deps: AppDependencies, reader: DocumentReader, orderId: string): Promise<PurchaseOrderDocument> {
  const { tenantId } = reader;
  const order = await getPurchaseOrder(deps.database, reader, orderId);
  const [row] = await deps.database.withTenant(tenantId, (tx) =>
    queryRows<LetterheadRow>(
      tx,
      sql`select (select t.name from tenants t where t.id = ${tenantId}) as shop_name, s.kra_pin, s.currency_code, s.currency_decimals, s.time_zone,
                 s.company_logo_url as logo_url, l.address, c.company, c.address as supplier_address, c.kra_pin as supplier_kra_pin
          from locations l
          cross join contacts c
          left join business_settings s on true
          where l.id = ${order.location.id} and c.id = ${order.supplier.id}`,
    ),
  );
  return {
    order,
    shop: {
      name: row?.shop_name ?? '',
      kraPin: row?.kra_pin ?? null,
      currencyCode: row?.currency_code ?? 'KES',
      currencyDecimals: row?.currency_decimals ?? 2,
      timeZone: row?.time_zone ?? 'Africa/Nairobi',
      address: row?.address ?? null,
      logo: await readLogo(deps.config.dataDir, tenantId, row?.logo_url ?? null),
    },
    supplier: { company: row?.company ?? null, address: row?.supplier_address ?? null, kraPin: row?.supplier_kra_pin ?? null },
  };
}

/** The stored logo's bytes (a PNG or JPEG: the formats a PDF embeds; a WebP logo is left out). */
async function readLogo(dataDir: string, tenantId: string, logoUrl: string | null): Promise<PurchaseOrderDocument['shop']['logo']> {
  const name = logoUrl ? basename(logoUrl) : null;
  const type = name?.endsWith('.png') ? 'png' : name?.endsWith('.jpg') ? 'jpg' : null;
  if (!name || !type) return null;
  const bytes = await readFile(join(dataDir, 'uploads', tenantId, name)).catch(() => null);
  return bytes ? { bytes: new Uint8Array(bytes), type } : null;
}

/** GET …/pdf: the order's PDF in `language`, and its file name. */
export async function purchaseOrderPdf(deps: AppDependencies, reader: DocumentReader, orderId: string, language: Locale): Promise<{ pdf: Uint8Array; fileName: string }> {
  const document = await readPurchaseOrderDocument(deps, reader, orderId);
  return { pdf: await renderPurchaseOrderPdf(document, deps.i18n.of(language)), fileName: purchaseOrderFileName(document.order) };
}

/** GET …/text: the order as plain text in `language`. */
export async function purchaseOrderPlainText(deps: AppDependencies, reader: DocumentReader, orderId: string, language: Locale): Promise<{ text: string }> {
  return { text: purchaseOrderText(await readPurchaseOrderDocument(deps, reader, orderId), deps.i18n.of(language)) };
}

export const purchaseOrderFileName = (order: Pick<PurchaseOrder, 'number'>) => `${order.number.toLowerCase()}.pdf`;

function formatters(document: PurchaseOrderDocument, i18n: I18n) {
  const locale = i18n.locale as Locale;
  const intl = INTL_LOCALES[locale];
  const { shop } = document;
  return {
    money: (minor: number) => formatMinorUnits(minor, shop.currencyCode, shop.currencyDecimals, intl),
    day: (value: string) => formatStatementDate(value, locale),
    instant: (value: string) => new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: shop.timeZone }).format(new Date(value)),
    /** "3" in the product's own unit, "3 × Crate (24)" in a pack. */
    quantity: (line: PurchaseOrder['lines'][number]) =>
      line.unitName ? `${formatQuantity(line.quantityMilli)} × ${line.unitName} (${formatQuantity(line.packSizeMilli)})` : formatQuantity(line.quantityMilli),
    item: (line: PurchaseOrder['lines'][number]) => (line.variantName ? `${line.productName} (${line.variantName})` : line.productName),
  };
}

const title = (i18n: I18n) => i18n._({ id: 'purchaseOrder.title', message: 'Purchase order' });

/** The order as plain text: who, where to, what and how much. */
export function purchaseOrderText(document: PurchaseOrderDocument, i18n: I18n): string {
  const { order, shop } = document;
  const format = formatters(document, i18n);
  const lines = [
    `${title(i18n)} ${order.number} — ${shop.name}`,
    i18n._({ id: 'purchaseOrder.text.to', message: 'To: {supplier}', values: { supplier: order.supplier.name } }),
    i18n._({ id: 'purchaseOrder.text.deliverTo', message: 'Deliver to: {location}', values: { location: [order.location.name, shop.address].filter(Boolean).join(', ') } }),
  ];
  if (order.expectedDate) lines.push(i18n._({ id: 'purchaseOrder.expected', message: 'Expected: {date}', values: { date: format.day(order.expectedDate) } }));
  if (order.supplierReference) lines.push(i18n._({ id: 'purchaseOrder.reference', message: 'Your reference: {reference}', values: { reference: order.supplierReference } }));
  lines.push('');
  order.lines.forEach((line, index) => {
    lines.push(`${index + 1}. ${format.item(line)} [${line.sku}] — ${format.quantity(line)} @ ${format.money(line.unitCostMinor)} = ${format.money(line.lineSubtotalMinor)}`);
  });
  lines.push(
    '',
    i18n._({ id: 'purchaseOrder.subtotal', message: 'Subtotal: {amount}', values: { amount: format.money(order.subtotalMinor) } }),
    i18n._({ id: 'purchaseOrder.vat', message: 'VAT: {amount}', values: { amount: format.money(order.vatMinor) } }),
    i18n._({ id: 'purchaseOrder.total', message: 'Total: {amount}', values: { amount: format.money(order.totalMinor) } }),
  );
  if (order.note) lines.push('', order.note);
  return lines.join('\n');
}

const LOGO_BOX = { width: 120, height: 48 };

/** The order as the bytes of an A4 PDF (lines over as many pages as they need, headers repeated). */
export async function renderPurchaseOrderPdf(document: PurchaseOrderDocument, i18n: I18n): Promise<Uint8Array> {
  const { order, shop, supplier } = document;
  const format = formatters(document, i18n);
  const sheet = await PdfSheet.create({ title: `${title(i18n)} ${order.number}`, author: shop.name });
  const { pdf, bold, regular, contentWidth } = sheet;
  const logo: PDFImage | null = shop.logo ? await (shop.logo.type === 'png' ? pdf.embedPng(shop.logo.bytes) : pdf.embedJpg(shop.logo.bytes)).catch(() => null) : null;

  const half = contentWidth / 2;
  sheet.columns = [
    { label: '#', width: 22, align: 'left' },
    { label: i18n._({ id: 'purchaseOrder.column.item', message: 'Item' }), width: 183, align: 'left' },
    { label: i18n._({ id: 'purchaseOrder.column.quantity', message: 'Quantity' }), width: 100, align: 'right' },
    { label: i18n._({ id: 'purchaseOrder.column.unitCost', message: 'Unit cost' }), width: 75, align: 'right' },
    { label: i18n._({ id: 'purchaseOrder.column.vat', message: 'VAT' }), width: 60, align: 'right' },
    { label: i18n._({ id: 'purchaseOrder.column.amount', message: 'Amount' }), width: contentWidth - 22 - 183 - 100 - 75 - 60, align: 'right' },
  ];
  sheet.continuedHeading = `${shop.name} · ${title(i18n)} ${order.number}`;

  // Letterhead: logo and shop on the left, the document on the right.
  const top = sheet.y;
  if (logo) {
    const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, 1);
    sheet.page.drawImage(logo, { x: MARGIN, y: top - logo.height * scale + 10, width: logo.width * scale, height: logo.height * scale });
    sheet.y = top - logo.height * scale - 6;
  }
  sheet.write(shop.name, MARGIN, { font: bold, size: 16, color: BRAND, width: half });
  sheet.y -= ROW + 2;
  for (const line of [
    [order.location.name, shop.address].filter(Boolean).join(', '),
    shop.kraPin ? i18n._({ id: 'purchaseOrder.kraPin', message: 'KRA PIN: {pin}', values: { pin: shop.kraPin } }) : null,
  ]) {
    if (!line) continue;
    sheet.write(line, MARGIN, { width: half, color: MUTED });
    sheet.y -= ROW;
  }
  const left = sheet.y;
  sheet.y = top;
  sheet.write(title(i18n), MARGIN + half, { font: bold, size: 14, width: half, align: 'right' });
  sheet.y -= ROW + 4;
  for (const line of [
    order.number,
    i18n._({ id: 'purchaseOrder.date', message: 'Date: {date}', values: { date: format.instant(order.orderedAt ?? order.createdAt) } }),
    order.expectedDate ? i18n._({ id: 'purchaseOrder.expected', message: 'Expected: {date}', values: { date: format.day(order.expectedDate) } }) : null,
    order.supplierReference ? i18n._({ id: 'purchaseOrder.reference', message: 'Your reference: {reference}', values: { reference: order.supplierReference } }) : null,
  ]) {
    if (!line) continue;
    sheet.write(line, MARGIN + half, { width: half, align: 'right', font: line === order.number ? bold : regular, size: 9 });
    sheet.y -= ROW;
  }
  sheet.y = Math.min(sheet.y, left) - ROW;

  // Supplier
  sheet.write(i18n._({ id: 'purchaseOrder.supplier', message: 'Supplier' }), MARGIN, { color: MUTED, size: 8 });
  sheet.y -= ROW;
  sheet.write(order.supplier.name, MARGIN, { font: bold, size: 11, width: half });
  sheet.y -= ROW;
  for (const line of [
    supplier.company,
    supplier.address,
    [order.supplier.phone, order.supplier.email].filter(Boolean).join(' · ') || null,
    supplier.kraPin ? i18n._({ id: 'purchaseOrder.kraPin', message: 'KRA PIN: {pin}', values: { pin: supplier.kraPin } }) : null,
  ]) {
    if (!line) continue;
    sheet.write(line, MARGIN, { width: half });
    sheet.y -= ROW;
  }
  sheet.y -= ROW;

  // Lines
  sheet.tableHeader();
  order.lines.forEach((line, index) => {
    sheet.ensureRoom(1);
    sheet.row([String(index + 1), `${format.item(line)} · ${line.sku}`, format.quantity(line), format.money(line.unitCostMinor), format.money(line.vatMinor), format.money(line.lineSubtotalMinor)]);
  });
  sheet.ensureRoom(4);
  sheet.rule(sheet.y + ROW - 3, 0.8, INK);
  sheet.y -= 4;
  const totals: [string, number][] = [
    [i18n._({ id: 'purchaseOrder.column.subtotal', message: 'Subtotal' }), order.subtotalMinor],
    [i18n._({ id: 'purchaseOrder.column.vat', message: 'VAT' }), order.vatMinor],
    [i18n._({ id: 'purchaseOrder.column.total', message: 'Total' }), order.totalMinor],
  ];
  for (const [label, amount] of totals) sheet.row(['', '', '', '', label, format.money(amount)], bold);

  if (order.note) {
    sheet.y -= ROW;
    sheet.ensureRoom(2);
    sheet.write(order.note, MARGIN);
    sheet.y -= ROW;
  }

  sheet.footers((page, pages) => {
    sheet.write(i18n._({ id: 'purchaseOrder.page', message: '{number} · page {page} of {pages}', values: { number: order.number, page, pages } }), MARGIN, {
      size: 7,
      color: MUTED,
      align: 'right',
    });
  });
  return pdf.save();
}
