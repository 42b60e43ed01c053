import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { LOCALES } from '../../../core/i18n/locale.rules';
import { timestamps } from './columns';
import { tenantOwnedColumns } from './tenancy';

/** One row per tenant (spec §3 business_settings). Defaults per spec §9. */
export const businessSettings = pgTable(
  'business_settings',
  {
    ...tenantOwnedColumns(),
    currencyCode: text('currency_code').notNull().default('USD'),
    currencySymbol: text('currency_symbol').notNull().default('$'),
    currencyDecimals: integer('currency_decimals').notNull().default(2),
    companyLogoUrl: text('company_logo_url'),
    timeZone: text('time_zone').notNull().default('Africa/Nairobi'),
    /** Printed above and below the items on receipts. */
    receiptHeader: text('receipt_header'),
    receiptFooter: text('receipt_footer'),
    /** KRA PIN, printed on receipts and needed for eTIMS. */
    kraPin: text('kra_pin'),
    /** VAT rates in basis points (Kenya: standard 16%, reduced 8%); zero-rated and exempt are 0. */
    vatStandardBp: integer('vat_standard_bp').notNull().default(1600),
    vatReducedBp: integer('vat_reduced_bp').notNull().default(800),
    /** Advanced inventory: may a sale or transfer take stock below zero (off by default). */
    allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
    /** Computed prices (bulk changes) round half up to this many whole currency units; 0: to the cent. */
    priceRoundingStep: integer('price_rounding_step').notNull().default(1),
    /** The language a new device shows in this shop, and e-mails fall back to (issue 12); null follows the browser. */
    defaultLanguage: text('default_language', { enum: LOCALES }),
    /** A credit sale or bill past a customer's credit limit: 'block' (refused) or 'warn' (allowed, flagged). */
    creditLimitPolicy: text('credit_limit_policy').notNull().default('block'),
    /** May cashiers record a cash expense or a cash purchase from their open shift (issue 16). */
    cashiersRecordCashPurchases: boolean('cashiers_record_cash_purchases').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('business_settings_credit_limit_policy_check', sql`${t.creditLimitPolicy} in ('block', 'warn')`),
    unique('business_settings_one_per_tenant').on(t.tenantId),
    check('business_settings_price_rounding_step_check', sql`${t.priceRoundingStep} in (0, 1, 5, 10)`),
    check('business_settings_default_language_check', sql`${t.defaultLanguage} in ('en', 'sw')`),
  ],
);
