import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tierEntitlements } from '../../core/billing/plan-features.rules';
import { createTestProduct } from '../../tests/support/catalog-factories';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, randomClientAddress, signInAs, type TestApp, type TestResponse } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import type { MountedRoute } from './routes';

// Bad input on every route of the route registry (issue 11): malformed JSON, NUL bytes in each
// string field and query parameter, broken multipart bodies, empty files and bodies of the wrong
// type must answer 4xx with the error shape, and write nothing (no row added, changed or removed
// in any table, no file stored). One seeded shop serves the whole file.

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const SOME_UUID = '5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b';
const OTHER_UUID = '9e2d4c6b-8a1f-4e3d-b5c7-1f2e3d4c5b6a';

/**
 * A valid body for every route that takes JSON. Each test breaks one thing in it, so a refusal
 * names that thing only. A new JSON route must be added here (the first test says so).
 */
const VALID_BODIES: Record<string, { [key: string]: Json }> = {
  'POST /api/auth/sign-in': { email: 'someone@example.test', password: 'Correct-Horse-42' },
  'POST /api/auth/forgot-password': { email: 'someone@example.test' },
  'POST /api/auth/reset-password': { token: 'a-reset-token', newPassword: 'Correct-Horse-43', confirmPassword: 'Correct-Horse-43' },
  'POST /api/auth/required-password-change': { newPassword: 'Correct-Horse-43', confirmPassword: 'Correct-Horse-43' },
  'POST /api/auth/email-change/confirm': { token: 'an-email-change-token' },
  'POST /api/signup': {
    shopName: 'Mama Mboga Stores',
    subdomain: 'mama-mboga',
    fullName: 'Wanjiru Kamau',
    email: 'wanjiru@example.test',
    phone: '0712 345 678',
    password: 'Sokoni-2026!',
    country: 'KE',
    businessType: 'general_retail',
    planId: null,
  },
  'POST /api/signup/handoff': { token: 'a-handoff-token' },
  'PATCH /api/profile': { fullName: 'Amina Odhiambo' },
  'PUT /api/profile/language': { language: 'sw' },
  'PUT /api/profile/contact': {
    name: 'Amina',
    email: 'amina@example.test',
    phone: '+254 712 345678',
    company: 'Duka Ltd',
    address: 'Moi Avenue\nNairobi',
    notes: 'Opens at 7',
  },
  'POST /api/profile/password': { currentPassword: 'Correct-Horse-42', newPassword: 'Correct-Horse-43', confirmPassword: 'Correct-Horse-43' },
  'POST /api/profile/email-verification/verify': { code: '123456' },
  'POST /api/profile/email-change': { newEmail: 'amina.new@example.test' },
  'PATCH /api/settings/business': {
    businessName: 'Mama Mboga Stores',
    currencyCode: 'KES',
    currencySymbol: 'KSh',
    timeZone: 'Africa/Nairobi',
    receiptHeader: 'Karibu!\nMoi Avenue',
    receiptFooter: 'Asante',
    kraPin: 'P051234567X',
    defaultLanguage: 'sw',
  },
  'PATCH /api/settings/inventory': { allowNegativeStock: false },
  'POST /api/billing/checkout': { planId: SOME_UUID },
  'POST /api/billing/verify': { reference: 'dukani-ref-1' },
  'POST /api/notifications/read': { id: SOME_UUID },
  'POST /api/products/bulk/price': { productIds: [SOME_UUID], mode: 'set', value: 15_000 },
  'POST /api/products/bulk/archive': { productIds: [SOME_UUID], archived: true },
  'POST /api/products': productBody(),
  'PUT /api/products/{id}': productBody(),
  'POST /api/product-categories': { name: 'Drinks', parentId: null },
  'PATCH /api/product-categories/{id}': { name: 'Soft drinks' },
  'POST /api/brands': { name: 'Kenya Tea' },
  'PATCH /api/brands/{id}': { name: 'Kenya Tea Ltd' },
  'POST /api/units': { name: 'Crate', shortName: 'crt' },
  'PATCH /api/units/{id}': { name: 'Crate of 24', shortName: 'crt' },
  'POST /api/locations': { name: 'Westlands branch', kind: 'shop', address: 'Woodvale Grove' },
  'PATCH /api/locations/{id}': { name: 'Westlands', address: 'Woodvale Grove 2' },
  'POST /api/inventory/adjustments': { locationId: SOME_UUID, reason: 'damage', note: 'Dropped', lines: [{ variantId: OTHER_UUID, quantityChangeMilli: -1000 }] },
  'POST /api/inventory/transfers': {
    fromLocationId: SOME_UUID,
    toLocationId: OTHER_UUID,
    note: 'Weekly restock',
    lines: [{ variantId: SOME_UUID, quantityMilli: 2000 }],
  },
  'POST /api/inventory/transfers/{id}/receive': { lines: [{ variantId: SOME_UUID, receivedQuantityMilli: 2000 }] },
  'POST /api/inventory/stock-takes': { locationId: SOME_UUID, note: 'Month end' },
  'PUT /api/inventory/stock-takes/{id}/counts': { variantId: SOME_UUID, countedQuantityMilli: 3000 },
  'POST /api/contacts/{id}/payments': { amountMinor: 10_000, method: 'mpesa', reference: 'QK12345678', note: 'Paid at the till' },
  'POST /api/contacts/{id}/credit-notes': { amountMinor: 1_000, reason: 'Returned goods', note: 'Spoilt milk' },
  'POST /api/contacts/{id}/adjustments': { amountMinor: 1_000, reason: 'Delivery fee', note: 'Not billed' },
  'POST /api/contacts/{id}/write-offs': { amountMinor: 1_000, reason: 'Moved away', note: 'Unreachable' },
  'PUT /api/accounts/settings': { creditLimitPolicy: 'warn' },
  'POST /api/contacts/{id}/statement/email': { email: 'wanjiru@example.test', from: '2024-10-01', to: '2024-10-31', language: 'sw' },
  'PUT /api/loyalty/settings': { isEnabled: true, earnRateBps: 100, pointValueMinor: 100, minRedeemPoints: 0, expiryMonths: 12 },
  'POST /api/contacts/{id}/loyalty/adjustments': { points: 50, reason: 'Welcome bonus' },
  'POST /api/gift-cards': { amountMinor: 500_000, contactId: null, expiresOn: '2099-12-31' },
  'POST /api/gift-cards/balance': { code: 'ABCD-EFGH-JKMN-PQRS' },
  'POST /api/gift-cards/{id}/void': { reason: 'Reported lost' },
  'POST /api/registers': { locationId: SOME_UUID, name: 'Till 2', receiptPrefix: 'T2' },
  'PATCH /api/registers/{id}': { name: 'Counter 2', receiptPrefix: 'C2', isActive: true },
  'PUT /api/sales-settings': { discountLimitBps: 1000, overShortToleranceMinor: 50_000, returnWindowDays: 14, blindClose: false, receiptWidthMm: 80 },
  'POST /api/shifts': { registerId: SOME_UUID, openingFloatMinor: 150_000, denominations: { '100000': 1, '5000': 1 } },
  'POST /api/shifts/{id}/cash-movements': { direction: 'out', reason: 'bank_deposit', amountMinor: 200_000, note: 'Equity bank' },
  'POST /api/shifts/{id}/close': {
    countedCashMinor: 150_000,
    denominations: { '100000': 1, '5000': 1 },
    declaredTotals: { card: 120_000, mpesa: 560_000 },
    note: 'All well',
    approvalId: null,
  },
  'POST /api/sales': {
    id: SOME_UUID,
    registerId: SOME_UUID,
    shiftId: OTHER_UUID,
    customerId: null,
    lines: [{ variantId: SOME_UUID, quantityMilli: 1000, unitId: null, unitPriceMinor: null, discount: null }],
    cartDiscount: null,
    tipMinor: 0,
    payments: [{ tender: 'mpesa', amountMinor: 10_000, reference: 'SGH7K2LQ9P' }],
    approvalIds: [],
    expectedTotalMinor: 10_000,
    ringUpAt: '2026-01-01T08:00:00.000Z',
    fromOutbox: false,
    note: 'Paid by phone',
  },
  'POST /api/sales/quote': {
    registerId: SOME_UUID,
    customerId: null,
    lines: [{ variantId: SOME_UUID, quantityMilli: 1000, unitId: null, unitPriceMinor: null, discount: null }],
    cartDiscount: null,
    tipMinor: 0,
  },
  'POST /api/sale-returns': {
    id: SOME_UUID,
    registerId: SOME_UUID,
    shiftId: OTHER_UUID,
    saleId: SOME_UUID,
    customerId: null,
    lines: [{ saleLineId: OTHER_UUID, variantId: null, amountMinor: null, quantityMilli: 1000, disposition: 'restock' }],
    reason: 'changed_mind',
    note: 'Too small',
    refunds: [{ tender: 'mpesa', amountMinor: 10_000, reference: 'SGH7K2LQ9P' }],
    approvalId: null,
  },
  'POST /api/sale-exchanges': {
    saleReturn: {
      id: SOME_UUID,
      registerId: SOME_UUID,
      shiftId: OTHER_UUID,
      saleId: SOME_UUID,
      customerId: null,
      lines: [{ saleLineId: OTHER_UUID, variantId: null, amountMinor: null, quantityMilli: 1000, disposition: 'damaged' }],
      reason: 'defective',
      note: 'Does not switch on',
      refunds: null,
      approvalId: null,
    },
    sale: {
      id: OTHER_UUID,
      registerId: SOME_UUID,
      shiftId: OTHER_UUID,
      customerId: null,
      lines: [{ variantId: SOME_UUID, quantityMilli: 1000, unitId: null, unitPriceMinor: null, discount: null }],
      cartDiscount: null,
      tipMinor: 0,
      payments: [{ tender: 'card', amountMinor: 5_000, reference: 'VISA-4421' }],
      approvalIds: [],
      expectedTotalMinor: 15_000,
      ringUpAt: '2026-01-01T08:00:00.000Z',
      fromOutbox: false,
      note: 'Swapped for the larger size',
    },
  },
  'POST /api/sales/{id}/void': { reason: 'Rung up twice', approvalId: null },
  'POST /api/parked-carts': {
    registerId: SOME_UUID,
    name: 'Mama Njeri',
    note: 'Back in 10 minutes',
    cart: { customerId: null, lines: [{ variantId: SOME_UUID, quantityMilli: 2000, unitId: null, unitPriceMinor: null, discount: null }], cartDiscount: null, tipMinor: 0 },
  },
  'POST /api/sales/{id}/email': { email: 'akinyi@example.test' },
  'POST /api/approvals': { action: 'discount', registerId: null, email: 'manager@example.test', method: 'pin', secret: '1234', reason: 'Regular customer', details: {} },
  'PUT /api/approval-pin': { pin: '1234', currentPassword: 'Correct-Horse-42' },
  'PUT /api/commission-rates': { userId: null, categoryId: null, productId: SOME_UUID, basis: 'net_sales_bps', rateBps: 500, amountMinor: null },
  'POST /api/commission-payouts': { id: OTHER_UUID, userId: SOME_UUID, from: '2026-11-01', to: '2026-11-30', note: 'Paid by M-Pesa' },
  'POST /api/contacts': {
    name: 'Wanjiku Kamau',
    type: 'both',
    phone: '0712 345 678',
    email: 'wanjiku@example.test',
    company: 'Wanjiku Stores',
    kraPin: 'A123456789B',
    address: 'Tom Mboya St',
    notes: 'Pays monthly',
    tags: ['vip'],
    creditLimitMinor: 500_000,
    customerPaymentTermsDays: 30,
    supplierPaymentTermsDays: 14,
    openingBalance: { receivableMinor: 1_000, payableMinor: 2_000 },
  },
  'PATCH /api/contacts/{id}': { name: 'Wanjiku K.', phone: '0712 345 678', notes: 'Pays weekly', tags: ['vip'] },
  'POST /api/contacts/{id}/archive': { archived: true },
  'POST /api/contacts/{id}/merge': { intoContactId: OTHER_UUID },
  'POST /api/customer-groups': { name: 'Wholesale', priceRule: 'price_list', discountBps: 0, prices: [{ variantId: SOME_UUID, priceMinor: 9_000 }] },
  'PUT /api/customer-groups/{id}': { name: 'Wholesale', priceRule: 'discount', discountBps: 500, prices: [] },
  'POST /api/client-errors': {
    message: 'Cannot read properties of undefined',
    source: 'render',
    stack: 'TypeError: at ProductList',
    componentStack: 'at ProductList',
    url: 'https://shop.dukani.co.ke/admin/products',
    occurredAt: '2026-01-01T08:00:00.000Z',
  },
  'POST /api/goods-receipts': {
    supplierId: SOME_UUID,
    locationId: OTHER_UUID,
    supplierInvoiceNumber: 'INV-1',
    supplierInvoiceDate: '2026-11-20',
    note: 'Van at the door',
    lines: [{ variantId: SOME_UUID, quantityMilli: 1000, unitCostMinor: 5_000, batchNumber: 'LOT-1', expiryDate: '2027-01-31' }],
    payment: { mode: 'paid', method: 'mpesa', reference: 'SGH7K2LQ9P' },
  },
  'POST /api/supplier-bills': { supplierId: SOME_UUID, supplierInvoiceNumber: 'INV-2', billDate: '2026-11-20', amountMinor: 10_000, description: 'Transport' },
  'POST /api/supplier-payments': { supplierId: SOME_UUID, amountMinor: 10_000, method: 'bank_transfer', reference: 'EFT-1', note: 'November', bills: [{ billId: OTHER_UUID, amountMinor: 10_000 }] },
  'POST /api/supplier-returns': { receiptId: SOME_UUID, reason: 'damaged', note: 'Crushed', settlement: 'credit', lines: [{ receiptLineId: OTHER_UUID, quantityMilli: 1000 }] },
  'POST /api/expense-categories': { name: 'Security guard' },
  'PATCH /api/expense-categories/{id}': { name: 'Night watchman' },
  'POST /api/expenses': { categoryId: SOME_UUID, expenseDate: '2026-11-24', description: 'November rent', amountMinor: 10_000, paidFrom: 'bank_transfer', reference: 'EFT-1', note: 'Paid early' },
  'POST /api/expenses/{id}/void': { reason: 'Recorded twice' },
  'POST /api/recurring-expenses': { categoryId: SOME_UUID, description: 'Shop rent', amountMinor: 10_000, paidFrom: 'bank_transfer', frequency: 'monthly', dayOfMonth: 1, startDate: '2026-12-01' },
  'PATCH /api/recurring-expenses/{id}': { description: 'Shop rent' },
  'PUT /api/settings/purchases': { cashiersRecordCashPurchases: true },
  'POST /api/team/invitations': { fullName: 'Achieng Otieno', email: 'achieng@example.test', phone: '0712345678', role: 'cashier', customRoleId: null, locationIds: [SOME_UUID], method: 'link' },
  'PATCH /api/team/members/{id}': { role: 'cashier', customRoleId: null, locationIds: [SOME_UUID] },
  'POST /api/team/roles': { name: 'Stock taker', permissions: ['inventory.manage'], maxDiscountPercent: 5 },
  'PUT /api/team/roles/{id}': { name: 'Stock taker', permissions: ['inventory.manage'], maxDiscountPercent: 5 },
  'POST /api/team/invitation/accept': { token: 'an-invitation-token', newPassword: 'Correct-Horse-43', confirmPassword: 'Correct-Horse-43' },
  'POST /api/team/invitation/join': { token: 'an-invitation-token', password: 'Correct-Horse-42' },
  'PUT /api/etims/devices': { locationId: null, kraPin: 'P051234567X', branchId: '00', deviceSerial: 'dvcv1130', environment: 'simulated' },
  'PUT /api/etims/items/{id}': { itemClassCode: '5059690800', packagingUnitCode: 'NT', quantityUnitCode: 'U', itemTypeCode: '2', originCountry: 'KE' },
  'POST /api/etims/items/register': { variantIds: [SOME_UUID] },
  'PUT /api/mpesa/settings': { locationId: null, shortcodeType: 'till', shortcode: '174379', tillNumber: '5123456', environment: 'sandbox', consumerKey: 'key', consumerSecret: 'secret', passkey: 'passkey', initiatorName: 'testapi', securityCredential: 'credential' },
  'POST /api/mpesa/settings/register-urls': { locationId: null },
  'PUT /api/communications/channels/sms': { enabled: true, environment: 'sandbox', username: 'dukani', apiKey: 'key', senderId: 'DUKANI', ratePerMinute: 600 },
  'PUT /api/communications/channels/whatsapp': { enabled: true, phoneNumberId: '106540352242922', accessToken: 'token', appSecret: 'secret', ratePerMinute: 600 },
  'PUT /api/communications/channels/email': { enabled: true },
  'POST /api/communications/channels/test': { channel: 'sms', to: '0712345678', language: 'en' },
  'PUT /api/communications/settings': { remindersEnabled: true, reminderChannel: 'sms', reminderEveryDays: 7, quietHoursEnabled: true, quietStart: '20:00', quietEnd: '08:00', lowStockAlerts: false, ownerPhone: null },
  'PUT /api/communications/templates': { kind: 'receipt', channel: 'sms', language: 'en', body: 'Thank you {customer_name}', whatsappTemplate: null },
  'POST /api/communications/campaigns': { name: 'Offer', channel: 'sms', language: 'en', body: 'Hi {customer_name}', audience: { type: 'tag', tag: 'vip' }, scheduledAt: null },
  'POST /api/communications/messages': { kind: 'statement', channel: 'sms', contactId: SOME_UUID },
  'POST /api/sales/{id}/receipt-messages': { channel: 'sms', phone: '0712345678' },
  'POST /api/communications/messages/{id}/sandbox-report': { status: 'delivered', failureReason: null },
  'PUT /api/contacts/{id}/consents': { channel: 'sms', status: 'opted_out', source: 'verbal' },
  'POST /api/mpesa/stk-requests': { id: SOME_UUID, registerId: OTHER_UUID, shiftId: null, phone: '0712345678', amountMinor: 10_000, accountReference: 'T1' },
  'POST /api/mpesa/sandbox/stk-requests/{id}': { outcome: 'approve' },
  'POST /api/mpesa/sandbox/till-payments': { amountMinor: 10_000, phone: '0712345678', billRef: 'T1' },
  'POST /api/mpesa/payments/lookup': { code: 'SGH7K2LQ9P', registerId: SOME_UUID },
  'POST /api/mpesa/payments/{id}/dispute': { disputed: true, note: 'Paid twice' },
  'POST /api/purchase-orders': { supplierId: SOME_UUID, locationId: OTHER_UUID, expectedDate: '2026-12-01', supplierReference: 'Q-118', note: 'Before noon', lines: [{ variantId: SOME_UUID, unitId: OTHER_UUID, quantityMilli: 1000, unitCostMinor: 10_000, taxClass: 'standard' }] },
  'PUT /api/purchase-orders/{id}': { supplierId: SOME_UUID, locationId: OTHER_UUID, expectedDate: '2026-12-01', supplierReference: 'Q-118', note: 'Before noon', lines: [{ variantId: SOME_UUID, unitId: OTHER_UUID, quantityMilli: 1000, unitCostMinor: 10_000, taxClass: 'standard' }] },
  'POST /api/purchase-orders/{id}/send': { via: 'email', email: 'orders@bottlers.example', message: 'Please confirm' },
  'POST /api/accounting/accounts': { code: '6950', name: 'Security', type: 'expense', parentId: SOME_UUID, description: 'Night guard' },
  'PATCH /api/accounting/accounts/{id}': { code: '6951', name: 'Security services', type: 'expense', parentId: OTHER_UUID, description: 'Night guard', isArchived: false },
  'POST /api/accounting/journal': {
    entryDate: '2026-11-02',
    memo: 'Owner puts in capital',
    lines: [
      { accountId: SOME_UUID, debitMinor: 10_000, creditMinor: 0, description: 'Equity Bank', contactId: OTHER_UUID, locationId: OTHER_UUID },
      { accountId: OTHER_UUID, debitMinor: 0, creditMinor: 10_000, description: 'Capital', contactId: null, locationId: null },
    ],
    attachment: 'journal-0123456789abcdef0123456789abcdef.pdf',
  },
  'POST /api/accounting/journal/{id}/reverse': { entryDate: '2026-11-03', memo: 'Posted to the wrong account' },
  'POST /api/accounting/recurring-entries': {
    memo: 'Rent accrual',
    frequency: 'monthly',
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    lines: [
      { accountId: SOME_UUID, debitMinor: 10_000, creditMinor: 0, description: 'Rent', contactId: null, locationId: null },
      { accountId: OTHER_UUID, debitMinor: 0, creditMinor: 10_000, description: 'Accrued', contactId: null, locationId: null },
    ],
    isActive: true,
  },
  'PATCH /api/accounting/recurring-entries/{id}': { memo: 'Rent accrual', frequency: 'quarterly', startDate: '2026-12-01', endDate: null },
  'PUT /api/accounting/settings': { lockDate: '2026-10-31', lockPolicy: 'refuse', tenderAccounts: { mpesa: SOME_UUID, card: OTHER_UUID }, valueLoyaltyPoints: false },
  'PUT /api/reports/settings': { dailySummaryEnabled: true, closingTime: '20:30' },
  'POST /api/saved-reports': { name: 'Categories last month', reportKey: 'sales-by-category', params: { preset: 'last_month', q: 'unga' }, isPinned: false },
  'PATCH /api/saved-reports/{id}': { name: 'Categories', params: { preset: 'this_month', q: 'sugar' }, isPinned: true },
  'POST /api/platform/tenants/{id}/extend-trial': { days: 7 },
  'POST /api/platform/tenants/{id}/plan': { planId: SOME_UUID },
  'POST /api/platform/tenants/{id}/domains': { domain: 'shop.example.com' },
  'POST /api/platform/tenants/{id}/custom-prices': { planId: SOME_UUID, priceMinor: 120_000, setupFeeMinor: 0 },
  'POST /api/platform/tenants/{id}/support-access': { reason: 'The owner asks about a missing sale', minutes: 15 },
  'POST /api/platform/tenants/{id}/suspend': { reason: 'Chargeback under review', contactEmail: 'support@example.test' },
  'PUT /api/platform/users/{id}/platform-role': { platformRole: 'sysadmin' },
  'POST /api/platform/users/{id}/password-reset': { method: 'temporary_password' },
  'POST /api/platform/plans': planBody(),
  'PUT /api/platform/plans/{id}': planBody(),
  'POST /api/platform/plans/{id}/active': { isActive: false },
  'POST /api/platform/announcements': { title: 'Maintenance tonight', body: 'Dukani is down 22:00-23:00.', severity: 'warning', audience: { kind: 'all' }, emailOwners: false },
  'PUT /api/platform/settings': { trialDays: 14, defaultPlanId: null, signupEnabled: true, maintenanceBanner: '' },
  'POST /api/platform/security/locks/unlock': { key: 'failed-sign-in:ip:203.0.113.1' },
  'POST /api/purchase-orders/reorder-drafts': { locationId: SOME_UUID, orders: [{ supplierId: OTHER_UUID, lines: [{ variantId: SOME_UUID, unitId: null, quantityMilli: 1000, unitCostMinor: 10_000, taxClass: null }] }] },
};

function planBody(): { [key: string]: Json } {
  const { features, limits } = tierEntitlements('Starter');
  return { name: 'Duka Plus', priceMinor: 150_000, period: 'monthly', cardLines: ['Two tills'], popularity: 1, badge: 'New', isActive: true, entitlements: { features, limits } };
}

function productBody(): { [key: string]: Json } {
  return {
    name: 'Kabras sugar 1 kg',
    description: 'White sugar',
    variants: [{ name: 'Large', options: { Size: 'Large' }, sku: 'SUG-1KG', barcodes: ['5901234123457'], sellingPriceMinor: 16_000, costPriceMinor: 14_000 }],
  };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

let testApp: TestApp;
let shop: TestShop;
let platformAdminCookie: string;
let productId: string;
let operations: Map<string, OpenApiOperation>;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp, { plan: 'Enterprise' });
  productId = (await createTestProduct(testApp.database, shop.tenant.id)).id;
  const admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin' });
  platformAdminCookie = await signInAs(testApp, `localhost:${testApp.port}`, admin.email, TEST_PASSWORD);
  const document = (await testApp.request('/api/openapi.json')).json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  operations = new Map(
    Object.entries(document.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation])),
  );
  baseline = await fingerprint();
});
afterAll(() => testApp.close());

const key = (route: MountedRoute) => `${route.method} ${route.path}`;
const routes = () => testApp.app.mountedRoutes;
const operationOf = (route: MountedRoute) => operations.get(key(route)) ?? {};
const jsonRoutes = () => routes().filter((route) => operationOf(route).requestBody?.content['application/json']);
const uploadRoutes = () => routes().filter((route) => operationOf(route).requestBody?.content['multipart/form-data']);
const queryParameters = (route: MountedRoute) => (operationOf(route).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);

/** The route's path with its parameters filled: the seeded product where a product is named, else any uuid. */
function pathOf(route: MountedRoute): string {
  return route.path.replace(/\{(\w+)\}/g, () => (route.path.startsWith('/api/products/{id}') ? productId : SOME_UUID));
}

function send(route: MountedRoute, options: { body?: string | Buffer; contentType?: string; query?: string }): Promise<TestResponse> {
  const isPlatform = route.access.level === 'platform';
  return testApp.request(pathOf(route) + (options.query ?? ''), {
    method: route.method,
    host: isPlatform ? `localhost:${testApp.port}` : shop.host,
    rawBody: options.body,
    headers: {
      connection: 'close',
      cookie: isPlatform ? platformAdminCookie : shop.cookies.owner,
      // Each request from its own address, so per-address rate limits never answer instead.
      'x-forwarded-for': randomClientAddress(),
      ...(options.contentType ? { 'content-type': options.contentType } : {}),
    },
  });
}

// What the database and the upload folder hold: a hash of every table's rows (the shop's rows of
// tenant tables, read in its scope, so this holds without an RLS-bypassing connection) and the files.
let baseline: string;
async function fingerprint(): Promise<string> {
  const tables = await queryRows<{ name: string; isTenant: boolean }>(
    testApp.database.platform,
    sql`select c.relname as name, c.relrowsecurity as "isTenant" from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  const digest = (names: string[]) =>
    sql.join(
      names.map((name) => sql`select ${name} as name, count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) as hash from ${sql.identifier(name)} t`),
      sql` union all `,
    );
  const platformTables = tables.filter((t) => !t.isTenant).map((t) => t.name);
  const tenantTables = tables.filter((t) => t.isTenant).map((t) => t.name);
  const platformRows = await queryRows<{ name: string; hash: string }>(testApp.database.platform, digest(platformTables));
  const tenantRows = await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ name: string; hash: string }>(tx, digest(tenantTables)));
  const uploads = await readdir(join(testApp.deps.config.dataDir, 'uploads'), { recursive: true }).catch(() => []);
  return JSON.stringify({ rows: [...platformRows, ...tenantRows], uploads: uploads.sort() });
}

/** Tables (or the upload folder) whose contents differ from the last fingerprint. */
async function changesSinceBaseline(): Promise<string[]> {
  const now = await fingerprint();
  if (now === baseline) return [];
  const before = JSON.parse(baseline) as { rows: { name: string; hash: string }[]; uploads: string[] };
  const after = JSON.parse(now) as typeof before;
  baseline = now;
  const changed = after.rows.filter((row) => before.rows.find((b) => b.name === row.name)?.hash !== row.hash).map((row) => row.name);
  if (JSON.stringify(before.uploads) !== JSON.stringify(after.uploads)) changed.push('uploads folder');
  return changed;
}

interface Expected {
  /** The status, or any of these. */
  status: number | number[];
  code?: string;
  message?: string;
  /** The field a message must be on. */
  field?: string;
}

/** One bad request's answer against what it should be: the problems found (none when all is well). */
function judge(label: string, response: TestResponse, expected: Expected): string[] {
  let body: { error?: { code?: string; message?: string; fields?: Record<string, string[]> } };
  try {
    body = response.json();
  } catch {
    return [`${label}: ${response.status}, not JSON: ${response.text.slice(0, 80)}`];
  }
  const statuses = ([] as number[]).concat(expected.status);
  if (!statuses.includes(response.status)) return [`${label}: ${response.status} (expected ${statuses.join(' or ')}) ${response.text.slice(0, 160)}`];
  if (typeof body.error?.message !== 'string' || typeof body.error.code !== 'string') return [`${label}: no error shape`];
  if (expected.code && body.error.code !== expected.code) return [`${label}: code ${body.error.code} (expected ${expected.code})`];
  if (expected.message && body.error.message !== expected.message) return [`${label}: message "${body.error.message}"`];
  if (expected.field && !body.error.fields?.[expected.field]) return [`${label}: no message for ${expected.field} (${JSON.stringify(body.error.fields)})`];
  return [];
}

/** After a route's bad requests: a problem when any of them wrote something. */
async function writes(label: string): Promise<string[]> {
  const changed = await changesSinceBaseline();
  return changed.length ? [`${label}: wrote to ${changed.join(', ')}`] : [];
}

/** Every string in a JSON value with its dotted path (as field messages name it). */
function stringLeaves(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => stringLeaves(item, [...path, name]));
  return [];
}

function replaced(value: Json, path: (string | number)[], replace: (old: string) => Json): Json {
  if (path.length === 0) return replace(value as string);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaced(item, rest, replace) : item));
  const object = value as { [key: string]: Json };
  return { ...object, [head!]: replaced(object[head!]!, rest, replace) };
}

describe('bad input on every route in the registry (issue 11)', () => {
  it('has a valid body for every JSON route, and no stale entry', () => {
    expect(jsonRoutes().length).toBeGreaterThan(20);
    expect(jsonRoutes().map(key).sort()).toEqual(Object.keys(VALID_BODIES).sort());
  });

  it('malformed JSON answers 400 "not valid JSON" and writes nothing', async () => {
    const problems: string[] = [];
    for (const route of jsonRoutes()) {
      const response = await send(route, { body: '{"name": "Sugar", ', contentType: 'application/json' });
      problems.push(...judge(`${key(route)} malformed JSON`, response, { status: 400, code: 'bad_request', message: 'The request body is not valid JSON' }));
    }
    problems.push(...(await writes('malformed JSON')));
    expect(problems).toEqual([]);
  });

  it('a body that is not JSON, or JSON of the wrong type, answers 4xx and writes nothing', async () => {
    const problems: string[] = [];
    for (const route of jsonRoutes()) {
      const plain = await send(route, { body: 'name=Sugar', contentType: 'text/plain' });
      // A route whose body is optional reads no body from text: its answer for no body (404 here: no such document).
      const bodyRequired = operationOf(route).requestBody?.required === true;
      problems.push(...judge(`${key(route)} text/plain`, plain, bodyRequired ? { status: 415, code: 'unsupported_media_type' } : { status: [404, 415] }));
      for (const body of ['[{"name":"Sugar"}]', '42', 'null']) {
        const response = await send(route, { body, contentType: 'application/json' });
        problems.push(...judge(`${key(route)} body ${body}`, response, { status: 400, code: 'validation_failed' }));
      }
      problems.push(...(await writes(`${key(route)} wrong-type bodies`)));
    }
    expect(problems).toEqual([]);
  });

  it('a number where a string goes answers 400 naming the field, and writes nothing', async () => {
    const problems: string[] = [];
    for (const route of jsonRoutes()) {
      const valid = VALID_BODIES[key(route)]!;
      for (const path of stringLeaves(valid)) {
        const response = await send(route, { body: JSON.stringify(replaced(valid, path, () => 12345)), contentType: 'application/json' });
        problems.push(...judge(`${key(route)} number in ${path.join('.')}`, response, { status: 400, code: 'validation_failed', field: path.join('.') }));
      }
      problems.push(...(await writes(`${key(route)} numbers for strings`)));
    }
    expect(problems).toEqual([]);
  });

  it('a NUL byte in any string field answers 400 naming the field, and writes nothing', async () => {
    const problems: string[] = [];
    for (const route of jsonRoutes()) {
      const valid = VALID_BODIES[key(route)]!;
      for (const path of stringLeaves(valid)) {
        const body = JSON.stringify(replaced(valid, path, (old) => `${old.slice(0, 2)}\u0000${old.slice(2)}`));
        const response = await send(route, { body, contentType: 'application/json' });
        problems.push(...judge(`${key(route)} NUL in ${path.join('.')}`, response, { status: 400, code: 'validation_failed', field: path.join('.') }));
      }
      problems.push(...(await writes(`${key(route)} NUL bytes`)));
    }
    expect(problems).toEqual([]);
  });

  it('a NUL byte in any query parameter answers 400 naming the parameter', async () => {
    const problems: string[] = [];
    const withQuery = routes().filter((route) => queryParameters(route).length > 0);
    expect(withQuery.length).toBeGreaterThan(5);
    for (const route of withQuery) {
      for (const name of queryParameters(route)) {
        const response = await send(route, { query: `?${name}=ab%00c` });
        problems.push(...judge(`${key(route)} NUL in ?${name}`, response, { status: 400, code: 'validation_failed', field: name }));
      }
    }
    problems.push(...(await writes('NUL in query parameters')));
    expect(problems).toEqual([]);
  });

  it('a broken multipart body, an empty file or a JSON body on an upload route answers 4xx and stores nothing', async () => {
    const problems: string[] = [];
    expect(uploadRoutes().length).toBeGreaterThanOrEqual(4);
    for (const route of uploadRoutes()) {
      const field = Object.keys(operationOf(route).requestBody!.content['multipart/form-data']!.schema?.properties ?? {})[0]!;
      const brokenBoundary = await send(route, {
        body: `--other\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n\r\nabc`,
        contentType: 'multipart/form-data; boundary=expected',
      });
      problems.push(...judge(`${key(route)} broken multipart`, brokenBoundary, { status: 400 }));

      const boundary = `----dukani${randomUUID()}`;
      const emptyFile = [`--${boundary}`, `Content-Disposition: form-data; name="${field}"; filename="empty.png"`, 'Content-Type: image/png', '', '', `--${boundary}--`, ''].join('\r\n');
      const empty = await send(route, { body: emptyFile, contentType: `multipart/form-data; boundary=${boundary}` });
      problems.push(...judge(`${key(route)} empty file`, empty, { status: 400, field }));

      const json = await send(route, { body: JSON.stringify({ [field]: 'a' }), contentType: 'application/json' });
      problems.push(...judge(`${key(route)} JSON body`, json, { status: [400, 415] }));
      problems.push(...(await writes(`${key(route)} bad uploads`)));
    }
    expect(problems).toEqual([]);
  });

  it('the fingerprint sees a write (so "writes nothing" above means something)', async () => {
    const response = await testApp.request('/api/brands', {
      method: 'POST',
      host: shop.host,
      body: { name: `Brand ${createHash('sha1').update(randomUUID()).digest('hex').slice(0, 6)}` },
      headers: { cookie: shop.cookies.owner, connection: 'close' },
    });
    expect(response.status).toBe(201);
    expect(await changesSinceBaseline()).toContain('brands');
  });
});
