CREATE TABLE "account_allocations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"debit_entry_id" uuid NOT NULL,
	"credit_entry_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "account_allocations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "account_allocations_amount_check" CHECK ("account_allocations"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "account_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"due_date" date,
	"method" text,
	"reference" text,
	"number" text,
	"source_type" text,
	"source_id" uuid,
	"reason" text,
	"note" text,
	"user_id" uuid,
	"request_key" uuid,
	"occurred_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "account_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "account_entries_side_check" CHECK (side in ('receivable', 'payable')),
	CONSTRAINT "account_entries_kind_check" CHECK (kind in ('opening', 'charge', 'payment', 'credit_note', 'adjustment', 'write_off', 'refund')),
	CONSTRAINT "account_entries_amount_check" CHECK ("account_entries"."amount_minor" <> 0),
	CONSTRAINT "account_entries_method_check" CHECK ("account_entries"."method" is null or "account_entries"."method" in ('cash', 'mpesa', 'card', 'bank_transfer', 'cheque', 'deposit'))
);
--> statement-breakpoint
CREATE TABLE "account_open_items" (
	"tenant_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"side" text NOT NULL,
	"direction" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"open_minor" bigint NOT NULL,
	"due_date" date,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_open_items_tenant_id_entry_id_pk" PRIMARY KEY("tenant_id","entry_id"),
	CONSTRAINT "account_open_items_direction_check" CHECK ("account_open_items"."direction" in ('debit', 'credit')),
	CONSTRAINT "account_open_items_open_check" CHECK ("account_open_items"."open_minor" >= 0 and "account_open_items"."open_minor" <= "account_open_items"."amount_minor" and "account_open_items"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"unique_key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_accounts" (
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"side" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_accounts_tenant_id_contact_id_side_pk" PRIMARY KEY("tenant_id","contact_id","side"),
	CONSTRAINT "contact_accounts_side_check" CHECK (side in ('receivable', 'payable'))
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_key" uuid NOT NULL,
	"created_count" integer NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_imports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_merges" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"source_contact_id" uuid NOT NULL,
	"target_contact_id" uuid NOT NULL,
	"source_snapshot" jsonb NOT NULL,
	"moved_counts" jsonb NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_merges_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_group_prices" (
	"tenant_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"price_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_group_prices_tenant_id_group_id_variant_id_pk" PRIMARY KEY("tenant_id","group_id","variant_id"),
	CONSTRAINT "customer_group_prices_price_check" CHECK ("customer_group_prices"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"price_rule" text DEFAULT 'discount' NOT NULL,
	"discount_bps" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "customer_groups_price_rule_check" CHECK ("customer_groups"."price_rule" in ('discount', 'price_list')),
	CONSTRAINT "customer_groups_discount_check" CHECK ("customer_groups"."discount_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
CREATE TABLE "gift_card_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"source_type" text,
	"source_ref" text,
	"reason" text,
	"user_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "gift_card_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "gift_card_entries_kind_check" CHECK ("gift_card_entries"."kind" in ('issue', 'redeem', 'refund', 'void')),
	CONSTRAINT "gift_card_entries_amount_check" CHECK ("gift_card_entries"."amount_minor" <> 0 or "gift_card_entries"."kind" = 'void')
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"initial_minor" bigint NOT NULL,
	"balance_minor" bigint NOT NULL,
	"contact_id" uuid,
	"expires_on" date,
	"status" text DEFAULT 'active' NOT NULL,
	"user_id" uuid,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "gift_cards_status_check" CHECK ("gift_cards"."status" in ('active', 'void')),
	CONSTRAINT "gift_cards_amounts_check" CHECK ("gift_cards"."initial_minor" > 0 and "gift_cards"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_balances" (
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_balances_tenant_id_contact_id_pk" PRIMARY KEY("tenant_id","contact_id"),
	CONSTRAINT "loyalty_balances_points_check" CHECK ("loyalty_balances"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"source_type" text,
	"source_ref" text,
	"reason" text,
	"user_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "loyalty_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "loyalty_entries_kind_check" CHECK ("loyalty_entries"."kind" in ('earn', 'redeem', 'expire', 'adjust', 'reverse')),
	CONSTRAINT "loyalty_entries_points_check" CHECK ("loyalty_entries"."points" <> 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"earn_rate_bps" integer DEFAULT 100 NOT NULL,
	"point_value_minor" integer DEFAULT 100 NOT NULL,
	"min_redeem_points" integer DEFAULT 0 NOT NULL,
	"expiry_months" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_settings_values_check" CHECK ("loyalty_settings"."earn_rate_bps" >= 0 and "loyalty_settings"."point_value_minor" >= 0 and "loyalty_settings"."min_redeem_points" >= 0 and "loyalty_settings"."expiry_months" between 0 and 120)
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "credit_limit_policy" text DEFAULT 'block' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower("contacts"."name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "customer_group_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "credit_limit_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "customer_payment_terms_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "supplier_payment_terms_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "request_key" uuid;--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_tenant_id_debit_entry_id_account_open_items_tenant_id_entry_id_fk" FOREIGN KEY ("tenant_id","debit_entry_id") REFERENCES "public"."account_open_items"("tenant_id","entry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_tenant_id_credit_entry_id_account_open_items_tenant_id_entry_id_fk" FOREIGN KEY ("tenant_id","credit_entry_id") REFERENCES "public"."account_open_items"("tenant_id","entry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_open_items" ADD CONSTRAINT "account_open_items_tenant_id_entry_id_account_entries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."account_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_open_items" ADD CONSTRAINT "account_open_items_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_accounts" ADD CONSTRAINT "contact_accounts_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_tenant_id_source_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","source_contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merges" ADD CONSTRAINT "contact_merges_tenant_id_target_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","target_contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_prices" ADD CONSTRAINT "customer_group_prices_tenant_id_group_id_customer_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."customer_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_prices" ADD CONSTRAINT "customer_group_prices_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_tenant_id_gift_card_id_gift_cards_tenant_id_id_fk" FOREIGN KEY ("tenant_id","gift_card_id") REFERENCES "public"."gift_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_balances" ADD CONSTRAINT "loyalty_balances_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_settings" ADD CONSTRAINT "loyalty_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_allocations_debit_idx" ON "account_allocations" USING btree ("tenant_id","debit_entry_id");--> statement-breakpoint
CREATE INDEX "account_allocations_credit_idx" ON "account_allocations" USING btree ("tenant_id","credit_entry_id");--> statement-breakpoint
CREATE INDEX "account_entries_contact_idx" ON "account_entries" USING btree ("tenant_id","contact_id","side","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_entries_request_key_unique" ON "account_entries" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "account_entries_number_unique" ON "account_entries" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "account_entries_mpesa_code_unique" ON "account_entries" USING btree ("tenant_id","reference") WHERE "account_entries"."method" = 'mpesa';--> statement-breakpoint
CREATE INDEX "account_entries_source_idx" ON "account_entries" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "account_open_items_open_idx" ON "account_open_items" USING btree ("tenant_id","contact_id","side","direction","occurred_at") WHERE "account_open_items"."open_minor" > 0;--> statement-breakpoint
CREATE INDEX "account_open_items_due_idx" ON "account_open_items" USING btree ("tenant_id","side","due_date") WHERE "account_open_items"."open_minor" > 0 and "account_open_items"."direction" = 'debit';--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_unique_key" ON "background_jobs" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "background_jobs_due_idx" ON "background_jobs" USING btree ("run_at");--> statement-breakpoint
CREATE INDEX "contact_accounts_balance_idx" ON "contact_accounts" USING btree ("tenant_id","side","balance_minor");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_imports_request_key_unique" ON "contact_imports" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_name_unique" ON "customer_groups" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "gift_card_entries_card_idx" ON "gift_card_entries" USING btree ("tenant_id","gift_card_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_entries_source_unique" ON "gift_card_entries" USING btree ("tenant_id","kind","source_type","source_ref") WHERE "gift_card_entries"."source_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_unique" ON "gift_cards" USING btree ("tenant_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_request_key_unique" ON "gift_cards" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "gift_cards_contact_idx" ON "gift_cards" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "gift_cards_created_idx" ON "gift_cards" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_source_unique" ON "loyalty_entries" USING btree ("tenant_id","kind","source_type","source_ref") WHERE "loyalty_entries"."source_ref" is not null;--> statement-breakpoint
CREATE INDEX "loyalty_entries_contact_idx" ON "loyalty_entries" USING btree ("tenant_id","contact_id","occurred_at");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_tenant_id_customer_group_id_customer_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_group_id") REFERENCES "public"."customer_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_tenant_id_merged_into_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","merged_into_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_request_key_unique" ON "contacts" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "contacts_name_order" ON "contacts" USING btree ("tenant_id","is_archived","name_key","id");--> statement-breakpoint
CREATE INDEX "contacts_name_key_trgm" ON "contacts" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_company_trgm" ON "contacts" USING gin (lower("company") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_idx" ON "contacts" USING btree ("tenant_id","phone");--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree ("tenant_id",lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_kra_pin_idx" ON "contacts" USING btree ("tenant_id","kra_pin");--> statement-breakpoint
CREATE INDEX "contacts_tags_idx" ON "contacts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "contacts_group_idx" ON "contacts" USING btree ("tenant_id","customer_group_id");--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_credit_limit_policy_check" CHECK ("business_settings"."credit_limit_policy" in ('block', 'warn'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_type_check" CHECK ("contacts"."type" in ('customer', 'supplier', 'both'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_credit_limit_check" CHECK ("contacts"."credit_limit_minor" >= 0);--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_terms_check" CHECK ("contacts"."customer_payment_terms_days" between 0 and 3650 and "contacts"."supplier_payment_terms_days" between 0 and 3650);