import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './columns';
import { contacts } from './contacts';
import { locations } from './inventory';
import { registers, shifts } from './sales';
import { tenantOwnedColumns } from './tenancy';

// M-Pesa through Safaricom Daraja (issue 19, docs/decisions/0022-mpesa-daraja.md). Money is integer
// minor units. Secrets are sealed with the secret box (never stored or returned in clear); the
// callback token is stored hashed (compared) and sealed (sent in each push's callback URL). A payment is written once per M-Pesa receipt and shop, whatever
// told us about it first (the STK callback, a C2B confirmation, a status query).

/** The shop's Daraja account (location_id null) and optional overrides for one location. */
export const mpesaSettings = pgTable(
  'mpesa_settings',
  {
    ...tenantOwnedColumns(),
    locationId: uuid('location_id'),
    /** till (Buy Goods) or paybill. */
    shortcodeType: text('shortcode_type').notNull().default('till'),
    /** The shortcode that signs STK pushes: a paybill, or a till's store (head office) number. */
    shortcode: text('shortcode'),
    /** The till customers pay (Buy Goods: STK PartyB). */
    tillNumber: text('till_number'),
    consumerKeySealed: text('consumer_key_sealed'),
    consumerSecretSealed: text('consumer_secret_sealed'),
    passkeySealed: text('passkey_sealed'),
    initiatorName: text('initiator_name'),
    securityCredentialSealed: text('security_credential_sealed'),
    environment: text('environment').notNull().default('sandbox'),
    /** sha256 of the random token in this row's callback URLs: compared on every callback without opening anything. */
    callbackTokenHash: text('callback_token_hash').notNull(),
    /** The token itself, sealed: the STK push sends its callback URL each time. */
    callbackTokenSealed: text('callback_token_sealed').notNull(),
    c2bRegisteredAt: timestamp('c2b_registered_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    uniqueIndex('mpesa_settings_scope_unique').on(t.tenantId, sql`coalesce(${t.locationId}, '00000000-0000-0000-0000-000000000000'::uuid)`),
    check('mpesa_settings_shortcode_type_check', sql`${t.shortcodeType} in ('till', 'paybill')`),
    check('mpesa_settings_environment_check', sql`${t.environment} in ('sandbox', 'production')`),
  ],
);

/** One "send prompt" from a register; its id is made by the register, so a retry pushes once. */
export const mpesaStkRequests = pgTable(
  'mpesa_stk_requests',
  {
    ...tenantOwnedColumns(),
    requestHash: text('request_hash').notNull(),
    settingsId: uuid('settings_id'),
    locationId: uuid('location_id').notNull(),
    registerId: uuid('register_id'),
    shiftId: uuid('shift_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 2547XXXXXXXX / 2541XXXXXXXX. */
    phone: text('phone').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    accountReference: text('account_reference').notNull(),
    /** No Daraja credentials: the simulated phone answers. */
    simulated: boolean('simulated').notNull().default(false),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id'),
    status: text('status').notNull().default('pending'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    receiptNumber: text('receipt_number'),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    lastQueryAt: timestamp('last_query_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.settingsId], foreignColumns: [mpesaSettings.tenantId, mpesaSettings.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.registerId], foreignColumns: [registers.tenantId, registers.id] }),
    foreignKey({ columns: [t.tenantId, t.shiftId], foreignColumns: [shifts.tenantId, shifts.id] }),
    uniqueIndex('mpesa_stk_requests_checkout_unique').on(t.tenantId, t.checkoutRequestId),
    index('mpesa_stk_requests_created_idx').on(t.tenantId, t.createdAt),
    check('mpesa_stk_requests_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'timed_out', 'abandoned')`),
    check('mpesa_stk_requests_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** Every payment received (STK callback, C2B confirmation, status query): spent once. */
export const mpesaPayments = pgTable(
  'mpesa_payments',
  {
    ...tenantOwnedColumns(),
    /** The M-Pesa receipt number (TransID / MpesaReceiptNumber). */
    transId: text('trans_id').notNull(),
    source: text('source').notNull(),
    simulated: boolean('simulated').notNull().default(false),
    amountMinor: integer('amount_minor').notNull(),
    /** As Safaricom sent it: full, masked (2547****123) or hashed. Never matched on alone. */
    msisdn: text('msisdn'),
    payerName: text('payer_name'),
    transTime: timestamp('trans_time', { withTimezone: true }).notNull(),
    billRef: text('bill_ref'),
    businessShortCode: text('business_short_code'),
    settingsId: uuid('settings_id'),
    stkRequestId: uuid('stk_request_id'),
    status: text('status').notNull().default('unallocated'),
    allocatedType: text('allocated_type'),
    allocatedId: uuid('allocated_id'),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }),
    /** What went to the customer's deposit when the payment was larger than the tender. */
    depositMinor: integer('deposit_minor').notNull().default(0),
    depositContactId: uuid('deposit_contact_id'),
    disputeNote: text('dispute_note'),
    raw: jsonb('raw').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.settingsId], foreignColumns: [mpesaSettings.tenantId, mpesaSettings.id] }),
    foreignKey({ columns: [t.tenantId, t.stkRequestId], foreignColumns: [mpesaStkRequests.tenantId, mpesaStkRequests.id] }),
    foreignKey({ columns: [t.tenantId, t.depositContactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    uniqueIndex('mpesa_payments_trans_id_unique').on(t.tenantId, t.transId),
    index('mpesa_payments_time_idx').on(t.tenantId, t.transTime),
    index('mpesa_payments_unallocated_idx').on(t.tenantId, t.transTime).where(sql`${t.status} = 'unallocated'`),
    check('mpesa_payments_source_check', sql`${t.source} in ('stk', 'c2b', 'status_query')`),
    check('mpesa_payments_status_check', sql`${t.status} in ('unallocated', 'allocated', 'disputed')`),
    check('mpesa_payments_amount_check', sql`${t.amountMinor} > 0 and ${t.depositMinor} >= 0 and ${t.depositMinor} <= ${t.amountMinor}`),
    check('mpesa_payments_trans_id_check', sql`${t.transId} ~ '^[A-Z0-9]{10}$'`),
  ],
);

/** A typed code not seen yet, asked of Daraja's transaction status (answered later on ResultURL). */
export const mpesaStatusQueries = pgTable(
  'mpesa_status_queries',
  {
    ...tenantOwnedColumns(),
    transId: text('trans_id').notNull(),
    settingsId: uuid('settings_id'),
    originatorConversationId: text('originator_conversation_id'),
    conversationId: text('conversation_id'),
    status: text('status').notNull().default('pending'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    paymentId: uuid('payment_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.settingsId], foreignColumns: [mpesaSettings.tenantId, mpesaSettings.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [mpesaPayments.tenantId, mpesaPayments.id] }),
    uniqueIndex('mpesa_status_queries_conversation_unique').on(t.tenantId, t.originatorConversationId),
    check('mpesa_status_queries_status_check', sql`${t.status} in ('pending', 'found', 'not_found', 'failed')`),
  ],
);
