import type { FeatureKey } from '../billing/plan-features.rules';

// Every report of /admin/reports (issue 18), described once for the server (what it accepts, what
// it answers, the file's column headers) and the screen (the picker, the table, the chart). A
// report is a table: each row is a record keyed by the column keys below; amounts are minor
// units, quantities thousandths, rates basis points, days YYYY-MM-DD in the shop's time zone.

export const REPORT_GROUPS = ['sales', 'profit', 'stock', 'purchases', 'contacts', 'tax', 'shifts'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = {
  sales: /*i18n*/ 'Sales',
  profit: /*i18n*/ 'Profit',
  stock: /*i18n*/ 'Stock',
  purchases: /*i18n*/ 'Purchases',
  contacts: /*i18n*/ 'Contacts',
  tax: /*i18n*/ 'Tax',
  shifts: /*i18n*/ 'Shifts',
};

/**
 * How a cell is shown and written: text; money (minor units); quantity (thousandths); count (a
 * whole number); percent (basis points: 2550 = 25.5%); day (YYYY-MM-DD); month (YYYY-MM);
 * datetime (ISO); hour (0–23); weekday (1 = Monday … 7 = Sunday, ISO).
 */
export const COLUMN_KINDS = ['text', 'money', 'quantity', 'count', 'percent', 'day', 'month', 'datetime', 'hour', 'weekday'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  /** Summed into the totals row. */
  summed?: boolean;
  /** A cost or profit figure: shown only to people who may see costs. */
  isCost?: boolean;
}

/** What a report's parameters are beyond the location: a period, a day, or nothing (as it is now). */
export type ReportPeriodKind = 'range' | 'date' | 'none';

export const PERIOD_GROUPINGS = ['day', 'week', 'month'] as const;
export type PeriodGrouping = (typeof PERIOD_GROUPINGS)[number];

export interface ReportDefinition {
  key: string;
  group: ReportGroup;
  title: string;
  description: string;
  /** advanced_reporting for every report; the analyses need advanced_analytics too. */
  feature: Extract<FeatureKey, 'advanced_reporting' | 'advanced_analytics'>;
  period: ReportPeriodKind;
  /** Takes groupBy (day, week or month). */
  grouped?: boolean;
  /** Takes days (N: no sale in the last N days). */
  takesDays?: boolean;
  /** Needs a product (productId). */
  takesProduct?: boolean;
  /** Takes a search text (names, SKUs). */
  searchable?: boolean;
  columns: readonly ReportColumn[];
  defaultSort: { key: string; dir: 'asc' | 'desc' };
  /** The chart the screen draws: the category (x) and value (y) columns. */
  chart?: { type: 'bar' | 'line'; x: string; y: string };
}

// Columns several reports share (the same label and kind everywhere).
const c = {
  saleCount: { key: 'saleCount', label: /*i18n*/ 'Sales', kind: 'count', summed: true },
  quantity: { key: 'quantity', label: /*i18n*/ 'Quantity sold', kind: 'quantity', summed: true },
  grossSales: { key: 'grossSalesMinor', label: /*i18n*/ 'Gross sales', kind: 'money', summed: true },
  discounts: { key: 'discountMinor', label: /*i18n*/ 'Discounts', kind: 'money', summed: true },
  returns: { key: 'returnsMinor', label: /*i18n*/ 'Returns', kind: 'money', summed: true },
  netSales: { key: 'netSalesMinor', label: /*i18n*/ 'Net sales (incl. VAT)', kind: 'money', summed: true },
  tax: { key: 'taxMinor', label: /*i18n*/ 'VAT', kind: 'money', summed: true },
  netOfTax: { key: 'salesExTaxMinor', label: /*i18n*/ 'Sales excl. VAT', kind: 'money', summed: true },
  cost: { key: 'costMinor', label: /*i18n*/ 'Cost', kind: 'money', summed: true, isCost: true },
  profit: { key: 'grossProfitMinor', label: /*i18n*/ 'Gross profit', kind: 'money', summed: true, isCost: true },
  margin: { key: 'marginBp', label: /*i18n*/ 'Margin', kind: 'percent', isCost: true },
  averageBasket: { key: 'averageBasketMinor', label: /*i18n*/ 'Average sale', kind: 'money' },
  product: { key: 'productName', label: /*i18n*/ 'Product', kind: 'text' },
  sku: { key: 'sku', label: /*i18n*/ 'SKU', kind: 'text' },
  category: { key: 'categoryName', label: /*i18n*/ 'Category', kind: 'text' },
  location: { key: 'locationName', label: /*i18n*/ 'Location', kind: 'text' },
  amount: { key: 'amountMinor', label: /*i18n*/ 'Amount', kind: 'money', summed: true },
  day: { key: 'day', label: /*i18n*/ 'Date', kind: 'day' },
  at: { key: 'at', label: /*i18n*/ 'When', kind: 'datetime' },
  person: { key: 'userName', label: /*i18n*/ 'By', kind: 'text' },
  onHand: { key: 'onHand', label: /*i18n*/ 'On hand', kind: 'quantity', summed: true },
  value: { key: 'valueMinor', label: /*i18n*/ 'Value at cost', kind: 'money', summed: true, isCost: true },
} as const satisfies Record<string, ReportColumn>;

/** The figures of a sales breakdown, after its first column(s). */
const SALES_FIGURES = [c.saleCount, c.quantity, c.grossSales, c.discounts, c.returns, c.netSales, c.tax, c.profit, c.margin] as const;
const SALES_FIGURES_NO_COUNT = [c.quantity, c.grossSales, c.discounts, c.returns, c.netSales, c.tax, c.profit, c.margin] as const;
const PROFIT_FIGURES = [c.quantity, c.netOfTax, c.cost, c.profit, c.margin] as const;
const byNetSales = { key: 'netSalesMinor', dir: 'desc' } as const;
const byProfit = { key: 'grossProfitMinor', dir: 'desc' } as const;

const salesBreakdown = <Key extends string>(
  key: Key,
  title: string,
  description: string,
  first: readonly ReportColumn[],
  options: { counts?: boolean; searchable?: boolean; feature?: ReportDefinition['feature']; chartX?: string } = {},
): ReportDefinition & { key: Key } => ({
  key,
  group: 'sales',
  title,
  description,
  feature: options.feature ?? 'advanced_reporting',
  period: 'range',
  searchable: options.searchable,
  columns: [...first, ...(options.counts === false ? SALES_FIGURES_NO_COUNT : SALES_FIGURES)],
  defaultSort: byNetSales,
  chart: { type: 'bar', x: options.chartX ?? first[0]!.key, y: 'netSalesMinor' },
});

export const REPORTS = [
  // --- sales ---
  {
    key: 'sales-by-period',
    group: 'sales',
    title: /*i18n*/ 'Sales by day, week or month',
    description: /*i18n*/ 'Sales, returns, VAT and profit for each day, week or month of the period.',
    feature: 'advanced_reporting',
    period: 'range',
    grouped: true,
    columns: [{ key: 'period', label: /*i18n*/ 'Period', kind: 'day' }, ...SALES_FIGURES, c.averageBasket],
    defaultSort: { key: 'period', dir: 'asc' },
    chart: { type: 'line', x: 'period', y: 'netSalesMinor' },
  },
  salesBreakdown('sales-by-product', /*i18n*/ 'Sales by product', /*i18n*/ 'What each product sold, all its variants together.', [c.product, c.category], {
    counts: false,
    searchable: true,
  }),
  salesBreakdown(
    'sales-by-variant',
    /*i18n*/ 'Sales by variant',
    /*i18n*/ 'What each variant (size, colour, pack) sold, by SKU.',
    [c.product, { key: 'variantName', label: /*i18n*/ 'Variant', kind: 'text' }, c.sku],
    { counts: false, searchable: true },
  ),
  salesBreakdown('sales-by-category', /*i18n*/ 'Sales by category', /*i18n*/ 'Sales of each product category.', [c.category], { counts: false }),
  salesBreakdown('sales-by-brand', /*i18n*/ 'Sales by brand', /*i18n*/ 'Sales of each brand.', [{ key: 'brandName', label: /*i18n*/ 'Brand', kind: 'text' }], { counts: false }),
  salesBreakdown('sales-by-location', /*i18n*/ 'Sales by location', /*i18n*/ 'Sales at each shop and warehouse.', [c.location]),
  salesBreakdown('sales-by-register', /*i18n*/ 'Sales by register', /*i18n*/ 'Sales rung up at each till.', [
    { key: 'registerName', label: /*i18n*/ 'Register', kind: 'text' },
    c.location,
  ]),
  salesBreakdown('sales-by-cashier', /*i18n*/ 'Sales by cashier', /*i18n*/ 'Sales rung up by each member of staff.', [
    { key: 'cashierName', label: /*i18n*/ 'Cashier', kind: 'text' },
  ]),
  {
    key: 'sales-by-customer',
    group: 'sales',
    title: /*i18n*/ 'Sales by customer',
    description: /*i18n*/ 'What each customer bought, how often, and when they last came.',
    feature: 'advanced_reporting',
    period: 'range',
    searchable: true,
    columns: [
      { key: 'customerName', label: /*i18n*/ 'Customer', kind: 'text' },
      { key: 'groupName', label: /*i18n*/ 'Customer group', kind: 'text' },
      c.saleCount,
      c.netSales,
      c.averageBasket,
      { key: 'lastSaleDay', label: /*i18n*/ 'Last sale', kind: 'day' },
    ],
    defaultSort: byNetSales,
    chart: { type: 'bar', x: 'customerName', y: 'netSalesMinor' },
  },
  {
    key: 'sales-by-customer-group',
    group: 'sales',
    title: /*i18n*/ 'Sales by customer group',
    description: /*i18n*/ 'Sales to each customer group, and to walk-in customers.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [{ key: 'groupName', label: /*i18n*/ 'Customer group', kind: 'text' }, c.saleCount, { key: 'customerCount', label: /*i18n*/ 'Customers', kind: 'count', summed: true }, c.netSales, c.averageBasket],
    defaultSort: byNetSales,
    chart: { type: 'bar', x: 'groupName', y: 'netSalesMinor' },
  },
  {
    key: 'sales-by-tender',
    group: 'sales',
    title: /*i18n*/ 'Sales by payment method',
    description: /*i18n*/ 'What was paid with cash, M-Pesa, card, credit and the other tenders, less refunds.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [
      { key: 'tender', label: /*i18n*/ 'Payment method', kind: 'text' },
      { key: 'paymentCount', label: /*i18n*/ 'Payments', kind: 'count', summed: true },
      { key: 'paidMinor', label: /*i18n*/ 'Paid', kind: 'money', summed: true },
      { key: 'refundedMinor', label: /*i18n*/ 'Refunded', kind: 'money', summed: true },
      { key: 'netMinor', label: /*i18n*/ 'Net', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'netMinor', dir: 'desc' },
    chart: { type: 'bar', x: 'tender', y: 'netMinor' },
  },
  {
    key: 'sales-by-hour',
    group: 'sales',
    title: /*i18n*/ 'Sales by hour of day',
    description: /*i18n*/ 'When in the day the shop sells: staff the till for the busy hours.',
    feature: 'advanced_analytics',
    period: 'range',
    columns: [{ key: 'hour', label: /*i18n*/ 'Hour', kind: 'hour' }, c.saleCount, c.netSales, c.averageBasket],
    defaultSort: { key: 'hour', dir: 'asc' },
    chart: { type: 'bar', x: 'hour', y: 'netSalesMinor' },
  },
  {
    key: 'sales-by-weekday',
    group: 'sales',
    title: /*i18n*/ 'Sales by day of the week',
    description: /*i18n*/ 'Which days of the week sell most.',
    feature: 'advanced_analytics',
    period: 'range',
    columns: [{ key: 'weekday', label: /*i18n*/ 'Day of the week', kind: 'weekday' }, c.saleCount, c.netSales, c.averageBasket],
    defaultSort: { key: 'weekday', dir: 'asc' },
    chart: { type: 'bar', x: 'weekday', y: 'netSalesMinor' },
  },
  {
    key: 'returns',
    group: 'sales',
    title: /*i18n*/ 'Returns and reasons',
    description: /*i18n*/ 'Every return with its reason, who took it and who approved it.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [
      c.at,
      { key: 'returnCode', label: /*i18n*/ 'Credit note', kind: 'text' },
      { key: 'receiptCode', label: /*i18n*/ 'Receipt', kind: 'text' },
      { key: 'reason', label: /*i18n*/ 'Reason', kind: 'text' },
      { key: 'cashierName', label: /*i18n*/ 'Cashier', kind: 'text' },
      { key: 'approverName', label: /*i18n*/ 'Approved by', kind: 'text' },
      c.location,
      { key: 'totalMinor', label: /*i18n*/ 'Refund', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'at', dir: 'desc' },
  },
  {
    key: 'returns-by-reason',
    group: 'sales',
    title: /*i18n*/ 'Returns by reason',
    description: /*i18n*/ 'How many returns each reason had, and what they refunded.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [
      { key: 'reason', label: /*i18n*/ 'Reason', kind: 'text' },
      { key: 'returnCount', label: /*i18n*/ 'Returns', kind: 'count', summed: true },
      { key: 'totalMinor', label: /*i18n*/ 'Refund', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'totalMinor', dir: 'desc' },
    chart: { type: 'bar', x: 'reason', y: 'totalMinor' },
  },
  {
    key: 'discounts',
    group: 'sales',
    title: /*i18n*/ 'Discounts and price overrides',
    description: /*i18n*/ 'Every sale with a discount or a changed price: who gave it and who approved it.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [
      c.at,
      { key: 'receiptCode', label: /*i18n*/ 'Receipt', kind: 'text' },
      { key: 'cashierName', label: /*i18n*/ 'Cashier', kind: 'text' },
      { key: 'approverName', label: /*i18n*/ 'Approved by', kind: 'text' },
      { key: 'overriddenLines', label: /*i18n*/ 'Prices changed', kind: 'count', summed: true },
      { key: 'listMinor', label: /*i18n*/ 'At list prices', kind: 'money', summed: true },
      c.discounts,
      { key: 'totalMinor', label: /*i18n*/ 'Total', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'at', dir: 'desc' },
  },
  {
    key: 'voids',
    group: 'sales',
    title: /*i18n*/ 'Voided sales',
    description: /*i18n*/ 'Every voided sale, with the reason, who voided it and who approved it.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [
      c.at,
      { key: 'receiptCode', label: /*i18n*/ 'Receipt', kind: 'text' },
      { key: 'cashierName', label: /*i18n*/ 'Cashier', kind: 'text' },
      { key: 'voidedByName', label: /*i18n*/ 'Voided by', kind: 'text' },
      { key: 'approverName', label: /*i18n*/ 'Approved by', kind: 'text' },
      { key: 'reason', label: /*i18n*/ 'Reason', kind: 'text' },
      { key: 'totalMinor', label: /*i18n*/ 'Total', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'at', dir: 'desc' },
  },
  // --- profit ---
  {
    key: 'profit-by-period',
    group: 'profit',
    title: /*i18n*/ 'Gross profit by day, week or month',
    description: /*i18n*/ 'Sales excluding VAT less their cost at the average cost when sold, returns deducted.',
    feature: 'advanced_reporting',
    period: 'range',
    grouped: true,
    columns: [{ key: 'period', label: /*i18n*/ 'Period', kind: 'day' }, ...PROFIT_FIGURES],
    defaultSort: { key: 'period', dir: 'asc' },
    chart: { type: 'line', x: 'period', y: 'grossProfitMinor' },
  },
  {
    key: 'profit-by-product',
    group: 'profit',
    title: /*i18n*/ 'Gross profit by product',
    description: /*i18n*/ 'Which products earn the most, and at what margin.',
    feature: 'advanced_reporting',
    period: 'range',
    searchable: true,
    columns: [c.product, c.category, ...PROFIT_FIGURES],
    defaultSort: byProfit,
    chart: { type: 'bar', x: 'productName', y: 'grossProfitMinor' },
  },
  {
    key: 'profit-by-category',
    group: 'profit',
    title: /*i18n*/ 'Gross profit by category',
    description: /*i18n*/ 'Profit and margin of each product category.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [c.category, ...PROFIT_FIGURES],
    defaultSort: byProfit,
    chart: { type: 'bar', x: 'categoryName', y: 'grossProfitMinor' },
  },
  {
    key: 'profit-by-location',
    group: 'profit',
    title: /*i18n*/ 'Gross profit by location',
    description: /*i18n*/ 'Profit and margin of each shop and warehouse.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [c.location, ...PROFIT_FIGURES],
    defaultSort: byProfit,
    chart: { type: 'bar', x: 'locationName', y: 'grossProfitMinor' },
  },
  // --- stock ---
  {
    key: 'stock-valuation',
    group: 'stock',
    title: /*i18n*/ 'Stock valuation at a date',
    description: /*i18n*/ 'What was on hand at the end of a day, valued at the unit cost of its last stock movement by then.',
    feature: 'advanced_reporting',
    period: 'date',
    searchable: true,
    columns: [c.product, c.sku, c.category, c.onHand, { key: 'unitCostMinor', label: /*i18n*/ 'Unit cost', kind: 'money', isCost: true }, c.value],
    defaultSort: { key: 'valueMinor', dir: 'desc' },
  },
  {
    key: 'stock-movements',
    group: 'stock',
    title: /*i18n*/ 'Stock movements by type',
    description: /*i18n*/ 'Stock in and out in the period: sales, returns, receipts, transfers, adjustments, counts.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [
      { key: 'kind', label: /*i18n*/ 'Movement', kind: 'text' },
      { key: 'movementCount', label: /*i18n*/ 'Movements', kind: 'count', summed: true },
      { key: 'quantityIn', label: /*i18n*/ 'In', kind: 'quantity', summed: true },
      { key: 'quantityOut', label: /*i18n*/ 'Out', kind: 'quantity', summed: true },
      { key: 'valueMinor', label: /*i18n*/ 'Value at cost', kind: 'money', summed: true, isCost: true },
    ],
    defaultSort: { key: 'movementCount', dir: 'desc' },
    chart: { type: 'bar', x: 'kind', y: 'movementCount' },
  },
  {
    key: 'slow-movers',
    group: 'stock',
    title: /*i18n*/ 'Slow movers and dead stock',
    description: /*i18n*/ 'Stock on hand that has not sold in the last N days: cash sitting on the shelf.',
    feature: 'advanced_analytics',
    period: 'none',
    takesDays: true,
    searchable: true,
    columns: [c.product, c.sku, c.location, c.onHand, c.value, { key: 'lastSaleDay', label: /*i18n*/ 'Last sale', kind: 'day' }, { key: 'daysSinceSale', label: /*i18n*/ 'Days without a sale', kind: 'count' }],
    defaultSort: { key: 'valueMinor', dir: 'desc' },
  },
  {
    key: 'stock-ageing',
    group: 'stock',
    title: /*i18n*/ 'Stock ageing',
    description: /*i18n*/ 'How long what is on hand has been in stock, by the receipts that brought it in (newest first).',
    feature: 'advanced_analytics',
    period: 'none',
    searchable: true,
    columns: [
      c.product,
      c.sku,
      c.onHand,
      { key: 'age0to30', label: /*i18n*/ '0–30 days', kind: 'quantity', summed: true },
      { key: 'age31to60', label: /*i18n*/ '31–60 days', kind: 'quantity', summed: true },
      { key: 'age61to90', label: /*i18n*/ '61–90 days', kind: 'quantity', summed: true },
      { key: 'age91plus', label: /*i18n*/ 'Over 90 days', kind: 'quantity', summed: true },
      c.value,
    ],
    defaultSort: { key: 'age91plus', dir: 'desc' },
  },
  {
    key: 'count-variances',
    group: 'stock',
    title: /*i18n*/ 'Stock count variances',
    description: /*i18n*/ 'What the posted stock takes found against the books.',
    feature: 'advanced_reporting',
    period: 'range',
    searchable: true,
    columns: [
      c.day,
      c.location,
      c.product,
      c.sku,
      { key: 'expected', label: /*i18n*/ 'Expected', kind: 'quantity' },
      { key: 'counted', label: /*i18n*/ 'Counted', kind: 'quantity' },
      { key: 'variance', label: /*i18n*/ 'Variance', kind: 'quantity', summed: true },
      { key: 'valueMinor', label: /*i18n*/ 'Variance at cost', kind: 'money', summed: true, isCost: true },
    ],
    defaultSort: { key: 'valueMinor', dir: 'asc' },
  },
  {
    key: 'shrinkage',
    group: 'stock',
    title: /*i18n*/ 'Shrinkage',
    description: /*i18n*/ 'Stock lost: damage, theft, expiry, transfer losses and count shortfalls, at cost.',
    feature: 'advanced_reporting',
    period: 'range',
    searchable: true,
    columns: [c.product, c.sku, { key: 'reason', label: /*i18n*/ 'Reason', kind: 'text' }, { key: 'quantityLost', label: /*i18n*/ 'Quantity lost', kind: 'quantity', summed: true }, { key: 'valueMinor', label: /*i18n*/ 'Lost at cost', kind: 'money', summed: true, isCost: true }],
    defaultSort: { key: 'valueMinor', dir: 'desc' },
    chart: { type: 'bar', x: 'productName', y: 'valueMinor' },
  },
  // --- purchases ---
  {
    key: 'purchases-by-supplier',
    group: 'purchases',
    title: /*i18n*/ 'Purchases by supplier',
    description: /*i18n*/ 'Goods received from each supplier, less what went back.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [
      { key: 'supplierName', label: /*i18n*/ 'Supplier', kind: 'text' },
      { key: 'receiptCount', label: /*i18n*/ 'Deliveries', kind: 'count', summed: true },
      { key: 'receivedMinor', label: /*i18n*/ 'Received', kind: 'money', summed: true },
      { key: 'returnedMinor', label: /*i18n*/ 'Returned', kind: 'money', summed: true },
      { key: 'netMinor', label: /*i18n*/ 'Net', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'netMinor', dir: 'desc' },
    chart: { type: 'bar', x: 'supplierName', y: 'netMinor' },
  },
  {
    key: 'purchases-by-product',
    group: 'purchases',
    title: /*i18n*/ 'Purchases by product',
    description: /*i18n*/ 'What was bought of each product, and at what average price.',
    feature: 'advanced_reporting',
    period: 'range',
    searchable: true,
    columns: [
      c.product,
      c.sku,
      { key: 'quantityReceived', label: /*i18n*/ 'Quantity received', kind: 'quantity', summed: true },
      { key: 'receivedMinor', label: /*i18n*/ 'Received', kind: 'money', summed: true },
      { key: 'averageUnitCostMinor', label: /*i18n*/ 'Average unit cost', kind: 'money' },
    ],
    defaultSort: { key: 'receivedMinor', dir: 'desc' },
  },
  {
    key: 'purchases-by-period',
    group: 'purchases',
    title: /*i18n*/ 'Purchases by day, week or month',
    description: /*i18n*/ 'Goods received, bills and expenses for each day, week or month.',
    feature: 'advanced_reporting',
    period: 'range',
    grouped: true,
    columns: [
      { key: 'period', label: /*i18n*/ 'Period', kind: 'day' },
      { key: 'receiptCount', label: /*i18n*/ 'Deliveries', kind: 'count', summed: true },
      { key: 'receivedMinor', label: /*i18n*/ 'Received', kind: 'money', summed: true },
      { key: 'returnedMinor', label: /*i18n*/ 'Returned', kind: 'money', summed: true },
      { key: 'expensesMinor', label: /*i18n*/ 'Expenses', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'period', dir: 'asc' },
    chart: { type: 'bar', x: 'period', y: 'receivedMinor' },
  },
  {
    key: 'purchase-price-history',
    group: 'purchases',
    title: /*i18n*/ 'Purchase price history',
    description: /*i18n*/ 'Every price a product was bought at, with its supplier: see costs creep up.',
    feature: 'advanced_reporting',
    period: 'range',
    takesProduct: true,
    columns: [
      c.day,
      { key: 'supplierName', label: /*i18n*/ 'Supplier', kind: 'text' },
      { key: 'receiptCode', label: /*i18n*/ 'Delivery', kind: 'text' },
      { key: 'quantity', label: /*i18n*/ 'Quantity', kind: 'quantity', summed: true },
      { key: 'unitCostMinor', label: /*i18n*/ 'Unit cost', kind: 'money' },
      { key: 'changeBp', label: /*i18n*/ 'Change', kind: 'percent' },
    ],
    defaultSort: { key: 'day', dir: 'asc' },
    chart: { type: 'line', x: 'day', y: 'unitCostMinor' },
  },
  // --- contacts ---
  {
    key: 'debtors-aging',
    group: 'contacts',
    title: /*i18n*/ 'Debtors aging',
    description: /*i18n*/ 'What each customer owes, by how long it has been due.',
    feature: 'advanced_reporting',
    period: 'none',
    searchable: true,
    columns: agingColumns(/*i18n*/ 'Customer'),
    defaultSort: { key: 'balanceMinor', dir: 'desc' },
  },
  {
    key: 'creditors-aging',
    group: 'contacts',
    title: /*i18n*/ 'Creditors aging',
    description: /*i18n*/ 'What the shop owes each supplier, by how long it has been due.',
    feature: 'advanced_reporting',
    period: 'none',
    searchable: true,
    columns: agingColumns(/*i18n*/ 'Supplier'),
    defaultSort: { key: 'balanceMinor', dir: 'desc' },
  },
  {
    key: 'loyalty-points',
    group: 'contacts',
    title: /*i18n*/ 'Loyalty points issued and redeemed',
    description: /*i18n*/ 'Points earned, redeemed, expired and adjusted in the period, by customer.',
    feature: 'advanced_reporting',
    period: 'range',
    searchable: true,
    columns: [
      { key: 'customerName', label: /*i18n*/ 'Customer', kind: 'text' },
      { key: 'earned', label: /*i18n*/ 'Earned', kind: 'count', summed: true },
      { key: 'redeemed', label: /*i18n*/ 'Redeemed', kind: 'count', summed: true },
      { key: 'other', label: /*i18n*/ 'Expired and adjusted', kind: 'count', summed: true },
      { key: 'balance', label: /*i18n*/ 'Balance now', kind: 'count', summed: true },
    ],
    defaultSort: { key: 'earned', dir: 'desc' },
  },
  {
    key: 'gift-card-liability',
    group: 'contacts',
    title: /*i18n*/ 'Gift card liability',
    description: /*i18n*/ 'What the shop still owes on gift cards at the end of a day.',
    feature: 'advanced_reporting',
    period: 'date',
    columns: [
      { key: 'cardCode', label: /*i18n*/ 'Card', kind: 'text' },
      { key: 'customerName', label: /*i18n*/ 'Customer', kind: 'text' },
      { key: 'issuedDay', label: /*i18n*/ 'Issued', kind: 'day' },
      { key: 'expiresDay', label: /*i18n*/ 'Expires', kind: 'day' },
      { key: 'balanceMinor', label: /*i18n*/ 'Balance', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'balanceMinor', dir: 'desc' },
  },
  // --- tax ---
  {
    key: 'vat-by-band',
    group: 'tax',
    title: /*i18n*/ 'VAT by band',
    description: /*i18n*/ 'Sales, returns and their VAT per VAT band: the figures of the accounting VAT return.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [
      { key: 'taxClass', label: /*i18n*/ 'VAT band', kind: 'text' },
      { key: 'rateBp', label: /*i18n*/ 'Effective rate', kind: 'percent' },
      { key: 'salesExTaxMinor', label: /*i18n*/ 'Sales excl. VAT', kind: 'money', summed: true },
      { key: 'outputTaxMinor', label: /*i18n*/ 'Output VAT', kind: 'money', summed: true },
      { key: 'returnsExTaxMinor', label: /*i18n*/ 'Returns excl. VAT', kind: 'money', summed: true },
      { key: 'returnsTaxMinor', label: /*i18n*/ 'VAT on returns', kind: 'money', summed: true },
      { key: 'netTaxMinor', label: /*i18n*/ 'Net output VAT', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'taxClass', dir: 'asc' },
  },
  // --- shifts ---
  {
    key: 'shift-reports',
    group: 'shifts',
    title: /*i18n*/ 'Shift reports (X and Z)',
    description: /*i18n*/ 'Every shift of the period with its sales, expected and counted cash, and its Z number.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [
      { key: 'openedAt', label: /*i18n*/ 'Opened', kind: 'datetime' },
      { key: 'closedAt', label: /*i18n*/ 'Closed', kind: 'datetime' },
      { key: 'registerName', label: /*i18n*/ 'Register', kind: 'text' },
      { key: 'cashierName', label: /*i18n*/ 'Cashier', kind: 'text' },
      { key: 'zNumber', label: /*i18n*/ 'Z number', kind: 'count' },
      c.saleCount,
      c.netSales,
      { key: 'expectedCashMinor', label: /*i18n*/ 'Expected cash', kind: 'money', summed: true },
      { key: 'countedCashMinor', label: /*i18n*/ 'Counted cash', kind: 'money', summed: true },
      { key: 'overShortMinor', label: /*i18n*/ 'Over / short', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'openedAt', dir: 'desc' },
  },
  {
    key: 'over-short-by-cashier',
    group: 'shifts',
    title: /*i18n*/ 'Over and short by cashier',
    description: /*i18n*/ 'Each cashier’s closed shifts and what their drawers were over or short.',
    feature: 'advanced_reporting',
    period: 'range',
    columns: [
      { key: 'cashierName', label: /*i18n*/ 'Cashier', kind: 'text' },
      { key: 'shiftCount', label: /*i18n*/ 'Shifts closed', kind: 'count', summed: true },
      { key: 'overMinor', label: /*i18n*/ 'Over', kind: 'money', summed: true },
      { key: 'shortMinor', label: /*i18n*/ 'Short', kind: 'money', summed: true },
      { key: 'netMinor', label: /*i18n*/ 'Net', kind: 'money', summed: true },
    ],
    defaultSort: { key: 'shortMinor', dir: 'desc' },
    chart: { type: 'bar', x: 'cashierName', y: 'netMinor' },
  },
] as const satisfies readonly ReportDefinition[];

function agingColumns(who: string): ReportColumn[] {
  return [
    { key: 'contactName', label: who, kind: 'text' },
    { key: 'phone', label: /*i18n*/ 'Phone', kind: 'text' },
    { key: 'currentMinor', label: /*i18n*/ 'Not yet due', kind: 'money', summed: true },
    { key: 'days1to30Minor', label: /*i18n*/ '1–30 days', kind: 'money', summed: true },
    { key: 'days31to60Minor', label: /*i18n*/ '31–60 days', kind: 'money', summed: true },
    { key: 'days61to90Minor', label: /*i18n*/ '61–90 days', kind: 'money', summed: true },
    { key: 'over90Minor', label: /*i18n*/ 'Over 90 days', kind: 'money', summed: true },
    { key: 'balanceMinor', label: /*i18n*/ 'Balance', kind: 'money', summed: true },
  ];
}

export type ReportKey = (typeof REPORTS)[number]['key'];
export const REPORT_KEYS = REPORTS.map((report) => report.key) as [ReportKey, ...ReportKey[]];

const BY_KEY = new Map<string, ReportDefinition>(REPORTS.map((report) => [report.key, report]));

export function reportDefinition(key: ReportKey): ReportDefinition {
  return BY_KEY.get(key)!;
}

/** The columns a person sees: cost and profit columns only for those who may see costs. */
export function visibleColumns(definition: ReportDefinition, canSeeCosts: boolean): ReportColumn[] {
  return definition.columns.filter((column) => canSeeCosts || !column.isCost);
}
