CREATE TABLE "communication_campaigns" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"group_id" uuid,
	"tag" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"queued_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_campaigns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "communication_campaigns_channel_check" CHECK ("communication_campaigns"."channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "communication_campaigns_status_check" CHECK ("communication_campaigns"."status" in ('scheduled', 'queued', 'cancelled')),
	CONSTRAINT "communication_campaigns_audience_check" CHECK (("communication_campaigns"."group_id" is null) <> ("communication_campaigns"."tag" is null))
);
--> statement-breakpoint
CREATE TABLE "communication_channels" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"environment" text DEFAULT 'sandbox' NOT NULL,
	"username" text,
	"api_key_sealed" text,
	"sender_id" text,
	"phone_number_id" text,
	"access_token_sealed" text,
	"app_secret_sealed" text,
	"rate_per_minute" integer DEFAULT 600 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "communication_channels_channel_check" CHECK ("communication_channels"."channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "communication_channels_environment_check" CHECK ("communication_channels"."environment" in ('sandbox', 'production')),
	CONSTRAINT "communication_channels_rate_check" CHECK ("communication_channels"."rate_per_minute" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "communication_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"contact_id" uuid,
	"campaign_id" uuid,
	"dedupe_key" text,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"whatsapp_template" text,
	"template_params" text[],
	"status" text DEFAULT 'queued' NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"segments" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"provider_message_id" text,
	"failure_reason" text,
	"cost_minor" integer,
	"cost_currency" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "communication_messages_channel_check" CHECK ("communication_messages"."channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "communication_messages_kind_check" CHECK ("communication_messages"."kind" in ('receipt', 'debt_reminder', 'statement', 'loyalty_balance', 'low_stock', 'campaign', 'test')),
	CONSTRAINT "communication_messages_status_check" CHECK ("communication_messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'skipped')),
	CONSTRAINT "communication_messages_cost_check" CHECK ("communication_messages"."cost_minor" is null or "communication_messages"."cost_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "communication_settings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"reminder_channel" text DEFAULT 'sms' NOT NULL,
	"reminder_every_days" integer DEFAULT 7 NOT NULL,
	"quiet_hours_enabled" boolean DEFAULT true NOT NULL,
	"quiet_start" text DEFAULT '20:00' NOT NULL,
	"quiet_end" text DEFAULT '08:00' NOT NULL,
	"low_stock_alerts" boolean DEFAULT false NOT NULL,
	"owner_phone" text,
	"callback_token_hash" text NOT NULL,
	"callback_token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "communication_settings_reminder_channel_check" CHECK ("communication_settings"."reminder_channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "communication_settings_every_check" CHECK ("communication_settings"."reminder_every_days" between 1 and 90),
	CONSTRAINT "communication_settings_quiet_check" CHECK ("communication_settings"."quiet_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "communication_settings"."quiet_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "contact_consents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_consents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "contact_consents_channel_check" CHECK ("contact_consents"."channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "contact_consents_status_check" CHECK ("contact_consents"."status" in ('granted', 'opted_out')),
	CONSTRAINT "contact_consents_source_check" CHECK ("contact_consents"."source" in ('form', 'verbal', 'sms_stop', 'import'))
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"whatsapp_template" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "message_templates_kind_check" CHECK ("message_templates"."kind" in ('receipt', 'debt_reminder', 'statement', 'loyalty_balance', 'low_stock')),
	CONSTRAINT "message_templates_channel_check" CHECK ("message_templates"."channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "message_templates_language_check" CHECK ("message_templates"."language" in ('en', 'sw'))
);
--> statement-breakpoint
ALTER TABLE "communication_campaigns" ADD CONSTRAINT "communication_campaigns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_campaigns" ADD CONSTRAINT "communication_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_campaigns" ADD CONSTRAINT "communication_campaigns_tenant_id_group_id_customer_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."customer_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_channels" ADD CONSTRAINT "communication_channels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_messages" ADD CONSTRAINT "communication_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_messages" ADD CONSTRAINT "communication_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_messages" ADD CONSTRAINT "communication_messages_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_messages" ADD CONSTRAINT "communication_messages_tenant_id_campaign_id_communication_campaigns_tenant_id_id_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."communication_campaigns"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_settings" ADD CONSTRAINT "communication_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_campaigns_due_idx" ON "communication_campaigns" USING btree ("tenant_id","scheduled_at") WHERE "communication_campaigns"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "communication_channels_channel_unique" ON "communication_channels" USING btree ("tenant_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "communication_messages_dedupe_unique" ON "communication_messages" USING btree ("tenant_id","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "communication_messages_provider_unique" ON "communication_messages" USING btree ("tenant_id","channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "communication_messages_created_idx" ON "communication_messages" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "communication_messages_due_idx" ON "communication_messages" USING btree ("tenant_id","send_after") WHERE "communication_messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "communication_messages_contact_idx" ON "communication_messages" USING btree ("tenant_id","contact_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "communication_messages_sent_idx" ON "communication_messages" USING btree ("tenant_id","channel","sent_at") WHERE "communication_messages"."sent_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "communication_settings_tenant_unique" ON "communication_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_consents_unique" ON "contact_consents" USING btree ("tenant_id","contact_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_unique" ON "message_templates" USING btree ("tenant_id","kind","channel","language");
--> statement-breakpoint
-- Communications (issue 20, docs/decisions/0026-communications.md): isolated like every tenant table.
SELECT app_private.enable_tenant_isolation('communication_channels');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('communication_settings');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('message_templates');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('contact_consents');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('communication_campaigns');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('communication_messages');
--> statement-breakpoint
-- The message log is the shop's record of what it sent: a message moves through its statuses but is
-- never deleted, and its text and recipient never change once queued.
REVOKE UPDATE, DELETE, TRUNCATE ON communication_messages FROM dukani_app;
--> statement-breakpoint
GRANT UPDATE (status, sandbox, segments, attempts, send_after, lease_until, provider_message_id, failure_reason, cost_minor, cost_currency, sent_at, delivered_at, updated_at) ON communication_messages TO dukani_app;
--> statement-breakpoint
-- A consent changes (granted, then opted out) but its row is the record of when and how; campaigns are cancelled, not deleted.
REVOKE DELETE, TRUNCATE ON contact_consents, communication_campaigns FROM dukani_app;
