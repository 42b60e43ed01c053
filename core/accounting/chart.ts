import type { TaxClass } from '../products/tax.rules';

// The chart of accounts every shop starts with: a Kenyan SME's (issue 17). Postings name accounts
// by their role (system key), never by code or name, so an owner may renumber and rename freely.
// Accounts that come one per thing (cash per location, sales and VAT per band, one per expense
// category) are made when first needed, under their parent, with the next free code.

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  asset: /*i18n*/ 'Asset',
  liability: /*i18n*/ 'Liability',
  equity: /*i18n*/ 'Equity',
  income: /*i18n*/ 'Income',
  expense: /*i18n*/ 'Expense',
};

/** Debit-natured types: their balance is debits − credits; the others', credits − debits. */
export const isDebitNatured = (type: AccountType) => type === 'asset' || type === 'expense';

export const SYSTEM_ACCOUNT_KEYS = [
  'cash',
  'cash_location',
  'cash_in_transit',
  'mpesa_clearing',
  'card_clearing',
  'bank',
  'receivable',
  'inventory',
  'goods_in_transit',
  'vat_input',
  'prepayments',
  'payable',
  'vat_output',
  'vat_output_band',
  'gift_cards',
  'customer_deposits',
  'loyalty_points',
  'accrued_wages',
  'tips_payable',
  'exchange_clearing',
  'owner_capital',
  'drawings',
  'retained_earnings',
  'opening_balances',
  'sales',
  'sales_band',
  'other_income',
  'sales_returns',
  'discounts',
  'loyalty_rewards',
  'cogs',
  'shrinkage',
  'count_variance',
  'stock_rounding',
  'cash_over_short',
  'operating_expenses',
  'expense_category',
  'uncategorised_expenses',
  'bad_debts',
  'account_adjustments',
] as const;
export type SystemAccountKey = (typeof SYSTEM_ACCOUNT_KEYS)[number];

/**
 * Control accounts the documents keep equal to a sub-ledger (customers' and suppliers' balances, the
 * stock valuation, gift card balances): they take no entries by hand and no tender posts to them.
 */
export const CONTROL_ACCOUNT_KEYS: readonly SystemAccountKey[] = ['receivable', 'payable', 'inventory', 'goods_in_transit', 'gift_cards'];

/** Keys that come one per location, tax class or expense category, made under their parent. */
export type PerThingKey = 'cash_location' | 'sales_band' | 'vat_output_band' | 'expense_category';
export type SingleKey = Exclude<SystemAccountKey, PerThingKey>;

export interface ChartAccount {
  key: SingleKey;
  code: string;
  name: string;
  type: AccountType;
  parent?: SingleKey;
}

export const KENYAN_SME_CHART: readonly ChartAccount[] = [
  { key: 'cash', code: '1000', name: /*i18n*/ 'Cash on hand', type: 'asset' },
  { key: 'cash_in_transit', code: '1020', name: /*i18n*/ 'Cash in transit and bank deposits', type: 'asset' },
  { key: 'mpesa_clearing', code: '1030', name: /*i18n*/ 'M-Pesa till and paybill clearing', type: 'asset' },
  { key: 'card_clearing', code: '1040', name: /*i18n*/ 'Card clearing', type: 'asset' },
  { key: 'bank', code: '1050', name: /*i18n*/ 'Bank', type: 'asset' },
  { key: 'receivable', code: '1100', name: /*i18n*/ 'Accounts receivable', type: 'asset' },
  { key: 'inventory', code: '1200', name: /*i18n*/ 'Inventory', type: 'asset' },
  { key: 'goods_in_transit', code: '1210', name: /*i18n*/ 'Stock in transit between locations', type: 'asset' },
  { key: 'vat_input', code: '1300', name: /*i18n*/ 'VAT input', type: 'asset' },
  { key: 'prepayments', code: '1400', name: /*i18n*/ 'Prepayments', type: 'asset' },
  { key: 'payable', code: '2000', name: /*i18n*/ 'Accounts payable', type: 'liability' },
  { key: 'vat_output', code: '2100', name: /*i18n*/ 'VAT output', type: 'liability' },
  { key: 'gift_cards', code: '2200', name: /*i18n*/ 'Gift cards outstanding', type: 'liability' },
  { key: 'customer_deposits', code: '2210', name: /*i18n*/ 'Customer deposits', type: 'liability' },
  { key: 'loyalty_points', code: '2220', name: /*i18n*/ 'Loyalty points outstanding', type: 'liability' },
  { key: 'accrued_wages', code: '2300', name: /*i18n*/ 'Accrued wages', type: 'liability' },
  { key: 'tips_payable', code: '2310', name: /*i18n*/ 'Tips owed to staff', type: 'liability' },
  { key: 'exchange_clearing', code: '2900', name: /*i18n*/ 'Exchange clearing', type: 'liability' },
  { key: 'owner_capital', code: '3000', name: /*i18n*/ 'Owner’s capital', type: 'equity' },
  { key: 'drawings', code: '3100', name: /*i18n*/ 'Owner’s drawings', type: 'equity' },
  { key: 'retained_earnings', code: '3200', name: /*i18n*/ 'Retained earnings', type: 'equity' },
  { key: 'opening_balances', code: '3300', name: /*i18n*/ 'Opening balances', type: 'equity' },
  { key: 'sales', code: '4000', name: /*i18n*/ 'Sales', type: 'income' },
  { key: 'other_income', code: '4500', name: /*i18n*/ 'Other income', type: 'income' },
  { key: 'sales_returns', code: '4900', name: /*i18n*/ 'Sales returns', type: 'income', parent: 'sales' },
  { key: 'discounts', code: '4910', name: /*i18n*/ 'Discounts given', type: 'income', parent: 'sales' },
  { key: 'loyalty_rewards', code: '4920', name: /*i18n*/ 'Loyalty rewards', type: 'income', parent: 'sales' },
  { key: 'cogs', code: '5000', name: /*i18n*/ 'Cost of goods sold', type: 'expense' },
  { key: 'shrinkage', code: '5100', name: /*i18n*/ 'Stock shrinkage and damage', type: 'expense' },
  { key: 'count_variance', code: '5110', name: /*i18n*/ 'Stock count variances', type: 'expense' },
  { key: 'stock_rounding', code: '5120', name: /*i18n*/ 'Stock valuation rounding', type: 'expense' },
  { key: 'cash_over_short', code: '5200', name: /*i18n*/ 'Cash over and short', type: 'expense' },
  { key: 'operating_expenses', code: '6000', name: /*i18n*/ 'Operating expenses', type: 'expense' },
  { key: 'uncategorised_expenses', code: '6900', name: /*i18n*/ 'Uncategorised expenses', type: 'expense' },
  { key: 'bad_debts', code: '6910', name: /*i18n*/ 'Bad debts written off', type: 'expense' },
  { key: 'account_adjustments', code: '6920', name: /*i18n*/ 'Customer and supplier account adjustments', type: 'expense' },
];

/** Where the one-per-thing accounts go: their parent, type and the first code of their range. */
export const PER_THING_ACCOUNTS: Record<PerThingKey, { parent: SingleKey; type: AccountType; firstCode: number; lastCode: number }> = {
  cash_location: { parent: 'cash', type: 'asset', firstCode: 1001, lastCode: 1019 },
  vat_output_band: { parent: 'vat_output', type: 'liability', firstCode: 2101, lastCode: 2109 },
  sales_band: { parent: 'sales', type: 'income', firstCode: 4001, lastCode: 4099 },
  expense_category: { parent: 'operating_expenses', type: 'expense', firstCode: 6001, lastCode: 6899 },
};

/** The tax classes in the order their sales and VAT accounts are numbered (VAT3's order). */
export const TAX_CLASS_ORDER: readonly TaxClass[] = ['standard', 'reduced', 'zero_rated', 'exempt'];
export const TAX_CLASSES_WITH_VAT: readonly TaxClass[] = ['standard', 'reduced'];

export const SALES_ACCOUNT_NAMES: Record<TaxClass, string> = {
  standard: /*i18n*/ 'Sales at 16% VAT',
  reduced: /*i18n*/ 'Sales at 8% VAT',
  zero_rated: /*i18n*/ 'Zero-rated sales',
  exempt: /*i18n*/ 'Exempt sales',
};

export const VAT_OUTPUT_ACCOUNT_NAMES: Record<TaxClass, string> = {
  standard: /*i18n*/ 'VAT output at 16%',
  reduced: /*i18n*/ 'VAT output at 8%',
  zero_rated: /*i18n*/ 'VAT output, zero-rated',
  exempt: /*i18n*/ 'VAT output, exempt',
};

/** Tenders whose account the shop chooses in Settings (the others post to fixed accounts). */
export const CONFIGURABLE_TENDERS = ['mpesa', 'card', 'bank_transfer'] as const;
export type ConfigurableTender = (typeof CONFIGURABLE_TENDERS)[number];
export const DEFAULT_TENDER_ACCOUNT_KEYS: Record<ConfigurableTender, SingleKey> = {
  mpesa: 'mpesa_clearing',
  card: 'card_clearing',
  bank_transfer: 'bank',
};
