import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './columns';
import { contacts, customerGroups } from './contacts';
import { tenantOwnedColumns } from './tenancy';

// Messages to customers (issue 20, docs/decisions/0026-communications.md): SMS through Africa's
// Talking, WhatsApp through the Cloud API, e-mail through the mailer. Provider secrets are sealed
// with the secret box; the callback token is stored hashed (compared) and sealed (shown in the
// callback URLs). The message table is the queue and the log at once: the worker claims due rows
// under a lease, and their status moves as the provider reports.

const CHANNEL_CHECK = (column: unknown) => sql`${column} in ('sms', 'whatsapp', 'email')`;

/** One row per shop and channel: the provider account, or none (the sandbox). */
export const communicationChannels = pgTable(
  'communication_channels',
  {
    ...tenantOwnedColumns(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    environment: text('environment').notNull().default('sandbox'),
    /** Africa's Talking: the app's username. */
    username: text('username'),
    apiKeySealed: text('api_key_sealed'),
    senderId: text('sender_id'),
    /** WhatsApp Cloud API: the business phone number's id, its token and the app secret (webhook signatures). */
    phoneNumberId: text('phone_number_id'),
    accessTokenSealed: text('access_token_sealed'),
    appSecretSealed: text('app_secret_sealed'),
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('communication_channels_channel_unique').on(t.tenantId, t.channel),
    check('communication_channels_channel_check', CHANNEL_CHECK(t.channel)),
    check('communication_channels_environment_check', sql`${t.environment} in ('sandbox', 'production')`),
    check('communication_channels_rate_check', sql`${t.ratePerMinute} between 1 and 100000`),
  ],
);

/** The shop's automated messages, quiet hours and callback token (one row). */
export const communicationSettings = pgTable(
  'communication_settings',
  {
    ...tenantOwnedColumns(),
    remindersEnabled: boolean('reminders_enabled').notNull().default(false),
    reminderChannel: text('reminder_channel').notNull().default('sms'),
    reminderEveryDays: integer('reminder_every_days').notNull().default(7),
    quietHoursEnabled: boolean('quiet_hours_enabled').notNull().default(true),
    quietStart: text('quiet_start').notNull().default('20:00'),
    quietEnd: text('quiet_end').notNull().default('08:00'),
    lowStockAlerts: boolean('low_stock_alerts').notNull().default(false),
    ownerPhone: text('owner_phone'),
    /** sha256 of the random token in the providers' callback URLs. */
    callbackTokenHash: text('callback_token_hash').notNull(),
    callbackTokenSealed: text('callback_token_sealed').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('communication_settings_tenant_unique').on(t.tenantId),
    check('communication_settings_reminder_channel_check', CHANNEL_CHECK(t.reminderChannel)),
    check('communication_settings_every_check', sql`${t.reminderEveryDays} between 1 and 90`),
    check('communication_settings_quiet_check', sql`${t.quietStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.quietEnd} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** A shop's own text for a kind, channel and language (the built-in one otherwise). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    ...tenantOwnedColumns(),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    whatsappTemplate: text('whatsapp_template'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('message_templates_unique').on(t.tenantId, t.kind, t.channel, t.language),
    check('message_templates_kind_check', sql`${t.kind} in ('receipt', 'debt_reminder', 'statement', 'loyalty_balance', 'low_stock')`),
    check('message_templates_channel_check', CHANNEL_CHECK(t.channel)),
    check('message_templates_language_check', sql`${t.language} in ('en', 'sw')`),
  ],
);

/** A customer's consent or opt-out on one channel, with when and how it was given. */
export const contactConsents = pgTable(
  'contact_consents',
  {
    ...tenantOwnedColumns(),
    contactId: uuid('contact_id').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    source: text('source').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete('cascade'),
    uniqueIndex('contact_consents_unique').on(t.tenantId, t.contactId, t.channel),
    check('contact_consents_channel_check', CHANNEL_CHECK(t.channel)),
    check('contact_consents_status_check', sql`${t.status} in ('granted', 'opted_out')`),
    check('contact_consents_source_check', sql`${t.source} in ('form', 'verbal', 'sms_stop', 'import')`),
  ],
);

/** A message to a customer group or tag at a time; queued once when due. */
export const communicationCampaigns = pgTable(
  'communication_campaigns',
  {
    ...tenantOwnedColumns(),
    name: text('name').notNull(),
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    groupId: uuid('group_id'),
    tag: text('tag'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('scheduled'),
    queuedCount: integer('queued_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [customerGroups.tenantId, customerGroups.id] }),
    index('communication_campaigns_due_idx').on(t.tenantId, t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('communication_campaigns_channel_check', CHANNEL_CHECK(t.channel)),
    check('communication_campaigns_status_check', sql`${t.status} in ('scheduled', 'queued', 'cancelled')`),
    check('communication_campaigns_audience_check', sql`(${t.groupId} is null) <> (${t.tag} is null)`),
  ],
);

/** Every message: queued, sent, delivered or failed (with the provider's reason and cost). */
export const communicationMessages = pgTable(
  'communication_messages',
  {
    ...tenantOwnedColumns(),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    contactId: uuid('contact_id'),
    campaignId: uuid('campaign_id'),
    /** What makes a retried request or a second run of a job queue it once ("receipt:<sale>:sms"). */
    dedupeKey: text('dedupe_key'),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    language: text('language').notNull().default('en'),
    /** Values a WhatsApp template's body parameters take, in order. */
    whatsappTemplate: text('whatsapp_template'),
    templateParams: text('template_params').array(),
    status: text('status').notNull().default('queued'),
    /** Sent without credentials: it went to the development outbox, not a provider. */
    sandbox: boolean('sandbox').notNull().default(false),
    segments: integer('segments').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    /** Not before (quiet hours, a schedule, a retry's backoff). */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    failureReason: text('failure_reason'),
    costMinor: integer('cost_minor'),
    costCurrency: text('cost_currency'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.campaignId], foreignColumns: [communicationCampaigns.tenantId, communicationCampaigns.id] }),
    uniqueIndex('communication_messages_dedupe_unique').on(t.tenantId, t.dedupeKey),
    uniqueIndex('communication_messages_provider_unique').on(t.tenantId, t.channel, t.providerMessageId),
    index('communication_messages_created_idx').on(t.tenantId, t.createdAt),
    index('communication_messages_due_idx').on(t.tenantId, t.sendAfter).where(sql`${t.status} in ('queued', 'sending')`),
    index('communication_messages_contact_idx').on(t.tenantId, t.contactId, t.kind, t.createdAt),
    // The per-channel rate limit counts what went out in the last minute.
    index('communication_messages_sent_idx').on(t.tenantId, t.channel, t.sentAt).where(sql`${t.sentAt} is not null`),
    check('communication_messages_channel_check', CHANNEL_CHECK(t.channel)),
    check('communication_messages_kind_check', sql`${t.kind} in ('receipt', 'debt_reminder', 'statement', 'loyalty_balance', 'low_stock', 'campaign', 'test', 'team_invitation')`),
    check('communication_messages_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'skipped')`),
    check('communication_messages_cost_check', sql`${t.costMinor} is null or ${t.costMinor} >= 0`),
  ],
);
