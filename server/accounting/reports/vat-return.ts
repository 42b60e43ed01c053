import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { periodQuerySchema, vatReturnSchema } from '../../../core/accounting/accounting.schemas';
import { vatReturnFigures, type VatReturnInput } from '../../../core/accounting/statements.rules';
import { TAX_CLASSES, type TaxClass } from '../../../core/products/tax.rules';
import { queryRows, type TenantTx } from '../../db/client';

// The VAT return for a period as KRA's VAT3 asks for its figures (issue 17).
//
// Output side, per tax class: the VAT is the movement of the class's VAT output account (a sale
// credits it, a void or a return debits it back). The sales net of VAT start from the class's sales
// account, which a sale credits at the price before discounts; discounts and returns go to contra
// accounts that have no class (discounts given, sales returns), so their share per class is read
// from the documents of the period's entries: each sale's lines (the discount net of VAT, worked
// as the sale rule works it — server/accounting/rules/sale.rule.ts), taken back for a voided
// sale, and each return's lines (amount less VAT). A manual entry to a class's sales account
// counts as it is.
//
// Input side: the movement of VAT input, split by the source type of the entries that moved it
// (deliveries and returns to suppliers are purchases; expenses, service bills and anything else,
// manual corrections included, are expenses), with the net of those entries: what they put on
// inventory and expense accounts (the goods' cost with its stock rounding, the expense net of VAT).
// Entries without input VAT (VAT not claimable, exempt suppliers) are not on the return.
//
// With a location, only ledger lines carrying it and documents made there count.

type VatReturn = z.infer<typeof vatReturnSchema>;

const PURCHASE_SOURCE_TYPES = ['goods_receipt', 'supplier_return'];

export async function vatReturn(tx: TenantTx, query: z.output<typeof periodQuerySchema>): Promise<VatReturn> {
  const { from, to, locationId } = query;
  const inPeriod = (day: ReturnType<typeof sql>) => sql`${day} between ${from}::date and ${to}::date`;
  const atLocation = (column: ReturnType<typeof sql>) => (locationId ? sql`and ${column} = ${locationId}::uuid` : sql``);

  const ledger = await queryRows<{ system_key: 'sales_band' | 'vat_output_band'; tax_class: TaxClass; amount: string }>(
    tx,
    sql`select a.system_key, a.tax_class, sum(l.credit_minor - l.debit_minor)::text as amount
        from ledger_accounts a join journal_lines l on l.tenant_id = a.tenant_id and l.account_id = a.id
        where a.system_key in ('sales_band', 'vat_output_band') and ${inPeriod(sql`l.entry_date`)} ${atLocation(sql`l.location_id`)}
        group by a.system_key, a.tax_class`,
  );
  const contra = await queryRows<{ tax_class: TaxClass; discounts: string; returns: string }>(
    tx,
    sql`select tax_class, sum(discount)::text as discounts, sum(returned)::text as returns from (
          select l.tax_class, (case when e.source_type = 'sale' then 1 else -1 end)
                   * ((l.total_minor + l.line_discount_minor + l.cart_discount_share_minor)
                      - round((l.total_minor + l.line_discount_minor + l.cart_discount_share_minor)::numeric * l.tax_rate_bp / (10000 + l.tax_rate_bp))
                      - (l.total_minor - l.tax_minor)) as discount, 0 as returned
          from journal_entries e
          join sales s on s.tenant_id = e.tenant_id and s.id = e.source_id
          join sale_lines l on l.tenant_id = s.tenant_id and l.sale_id = s.id
          where e.source_type in ('sale', 'sale_void') and ${inPeriod(sql`e.entry_date`)} ${atLocation(sql`s.location_id`)}
          union all
          select l.tax_class, 0, l.amount_minor - l.tax_minor
          from journal_entries e
          join sale_returns r on r.tenant_id = e.tenant_id and r.id = e.source_id
          join sale_return_lines l on l.tenant_id = r.tenant_id and l.return_id = r.id
          where e.source_type = 'sale_return' and ${inPeriod(sql`e.entry_date`)} ${atLocation(sql`r.location_id`)}
        ) shares
        group by tax_class`,
  );
  const input = await queryRows<{ purchases: boolean; vat: string; net: string }>(
    tx,
    sql`with vat as (
          select l.entry_id, sum(l.debit_minor - l.credit_minor) as vat
          from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id
          where a.system_key = 'vat_input' and ${inPeriod(sql`l.entry_date`)} ${atLocation(sql`l.location_id`)}
          group by l.entry_id
        )
        select e.source_type in (${sql.join(
          PURCHASE_SOURCE_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )}) as purchases, sum(vat.vat)::text as vat,
               coalesce(sum((select sum(l.debit_minor - l.credit_minor)
                             from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id
                             where l.entry_id = vat.entry_id and (a.type = 'expense' or a.system_key = 'inventory'))), 0)::text as net
        from vat join journal_entries e on e.id = vat.entry_id
        group by 1`,
  );
  const [rates] = await queryRows<{ standard: number; reduced: number }>(tx, sql`select vat_standard_bp as standard, vat_reduced_bp as reduced from business_settings limit 1`);

  const rateBp: Record<TaxClass, number> = { standard: rates?.standard ?? 1600, reduced: rates?.reduced ?? 800, zero_rated: 0, exempt: 0 };
  const amountOf = (key: 'sales_band' | 'vat_output_band', taxClass: TaxClass) => Number(ledger.find((row) => row.system_key === key && row.tax_class === taxClass)?.amount ?? 0);
  const contraOf = (taxClass: TaxClass) => contra.find((row) => row.tax_class === taxClass);
  const sideOf = (purchases: boolean) => {
    const row = input.find((each) => each.purchases === purchases);
    return { netMinor: Number(row?.net ?? 0), vatMinor: Number(row?.vat ?? 0) };
  };
  const bands = Object.fromEntries(
    TAX_CLASSES.map((taxClass) => [
      taxClass,
      {
        rateBp: rateBp[taxClass],
        salesMinor: amountOf('sales_band', taxClass),
        discountsMinor: Number(contraOf(taxClass)?.discounts ?? 0),
        returnsMinor: Number(contraOf(taxClass)?.returns ?? 0),
        outputVatMinor: amountOf('vat_output_band', taxClass),
      },
    ]),
  ) as VatReturnInput['bands'];
  return { from, to, ...vatReturnFigures({ bands, purchases: sideOf(true), expenses: sideOf(false) }) };
}
