import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ImportColumn } from '../../../core/products/products.schemas';

// The column names (name, sku, cost_price …) and the values a cell takes (yes, no, standard …) are the
// CSV format, the same in every language; only what they mean is translated.
const COLUMN_HELP: Array<[ImportColumn, MessageDescriptor]> = [
  ['name', msg`Required. The product name, e.g. "Coca-Cola 500 ml". A row without SKU or barcode must not have the name of a product you already have.`],
  ['sku', msg`Your own code; left blank, one is made from the name. Must not be used by another product.`],
  ['barcode', msg`EAN-13, EAN-8 or UPC-A (check digit verified) or an in-store code; several separated by |.`],
  ['category', msg`Nested with >, e.g. "Drinks > Soft drinks". Categories that do not exist yet are created.`],
  ['brand', msg`Pro plans: created when new.`],
  ['unit', msg`A unit you have, by name or short name (Piece, kg …). Blank: sold by the piece.`],
  ['cost_price', msg`What you pay, e.g. 45.00. Blank: 0.`],
  ['selling_price', msg`Required. The shelf price, e.g. 60.00.`],
  ['tax_class', msg`standard (16%), reduced (8%), zero_rated or exempt. Blank: the category's VAT class for new products (standard when it has none).`],
  ['prices_include_tax', msg`yes or no. Blank: yes.`],
  ['track_stock', msg`yes or no. Blank: yes.`],
  ['reorder_level', msg`Low-stock level, e.g. 24. Blank: never low.`],
  ['opening_stock', msg`Quantity on the shelf now (decimals for kg, litre …). Recorded as an opening stock movement.`],
  ['location', msg`Where the opening stock is. Blank: your default location.`],
  ['description', msg`Optional text.`],
];

/** What each column of the product CSV means (the template has them all). */
export function ImportColumnsHelp() {
  const { i18n } = useLingui();
  return (
    <details className="rounded-xl border bg-card p-4 text-sm sm:p-6">
      <summary className="cursor-pointer font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
        <Trans>The columns</Trans>
      </summary>
      <p className="mt-3 text-muted-foreground">
        <Trans>
          The first row names the columns, in any order; other names such as “Price” or “Item name” work too. An export from
        this page’s Export CSV has the same columns: variants become separate products, named “Product - Variant”, and
        the stock of all locations is summed into opening_stock.
        </Trans>
      </p>
      <p className="mt-3 text-muted-foreground">
        <Trans>
          The import only adds products. A row whose SKU or barcode is already in your catalog is refused, and so is a row
        with neither whose name (or “Product - Variant”) is already there, so importing the same file twice adds nothing
        twice; change existing products on their own page or with bulk price changes. Empty rows, such as the{' '}
        <span className="font-mono text-xs">,,,,</span> rows spreadsheets save below the data, are skipped.
        </Trans>
      </p>
      <dl className="mt-3 grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        {COLUMN_HELP.map(([column, help]) => (
          <div key={column} className="contents">
            <dt className="font-mono text-xs font-medium sm:pt-0.5">{column}</dt>
            <dd className="text-muted-foreground">{i18n._(help)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
