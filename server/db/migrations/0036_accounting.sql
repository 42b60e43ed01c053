CREATE TABLE "accounting_settings" (
	"tenant_id" uuid NOT NULL,
	"lock_date" date,
	"lock_policy" text DEFAULT 'refuse' NOT NULL,
	"tender_accounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"value_loyalty_points" boolean DEFAULT false NOT NULL,
	"history_posted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_settings_tenant_id_pk" PRIMARY KEY("tenant_id"),
	CONSTRAINT "accounting_settings_lock_policy_check" CHECK (lock_policy in ('refuse', 'next_open_day'))
);
--> statement-breakpoint
CREATE TABLE "inventory_book_values" (
	"tenant_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"value_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_book_values_tenant_id_variant_id_location_id_pk" PRIMARY KEY("tenant_id","variant_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"entry_date" date NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"memo" text NOT NULL,
	"reverses_entry_id" uuid,
	"attachment_file" text,
	"attachment_type" text,
	"created_by" uuid,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "journal_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"tenant_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"account_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"debit_minor" bigint DEFAULT 0 NOT NULL,
	"credit_minor" bigint DEFAULT 0 NOT NULL,
	"contact_id" uuid,
	"location_id" uuid,
	"description" text,
	CONSTRAINT "journal_lines_tenant_id_entry_id_line_no_pk" PRIMARY KEY("tenant_id","entry_id","line_no"),
	CONSTRAINT "journal_lines_amount_check" CHECK ("journal_lines"."debit_minor" >= 0 and "journal_lines"."credit_minor" >= 0 and ("journal_lines"."debit_minor" = 0) <> ("journal_lines"."credit_minor" = 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"system_key" text,
	"location_id" uuid,
	"tax_class" text,
	"expense_category_id" uuid,
	"parent_id" uuid,
	"description" text,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ledger_accounts_type_check" CHECK (type in ('asset', 'liability', 'equity', 'income', 'expense')),
	CONSTRAINT "ledger_accounts_code_check" CHECK (length("ledger_accounts"."code") between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "recurring_journal_runs" (
	"tenant_id" uuid NOT NULL,
	"recurring_id" uuid NOT NULL,
	"run_date" date NOT NULL,
	"entry_id" uuid NOT NULL,
	CONSTRAINT "recurring_journal_runs_tenant_id_recurring_id_run_date_pk" PRIMARY KEY("tenant_id","recurring_id","run_date")
);
--> statement-breakpoint
CREATE TABLE "recurring_journals" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"memo" text NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"lines" jsonb NOT NULL,
	"next_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_journals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "recurring_journals_frequency_check" CHECK ("recurring_journals"."frequency" in ('weekly', 'monthly', 'quarterly', 'yearly'))
);
--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_book_values" ADD CONSTRAINT "inventory_book_values_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_tenant_id_reverses_entry_id_journal_entries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","reverses_entry_id") REFERENCES "public"."journal_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_id_entry_id_journal_entries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."journal_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_id_account_id_ledger_accounts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."ledger_accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_tenant_id_parent_id_ledger_accounts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."ledger_accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_tenant_id_expense_category_id_expense_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","expense_category_id") REFERENCES "public"."expense_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journal_runs" ADD CONSTRAINT "recurring_journal_runs_tenant_id_recurring_id_recurring_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","recurring_id") REFERENCES "public"."recurring_journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journal_runs" ADD CONSTRAINT "recurring_journal_runs_tenant_id_entry_id_journal_entries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."journal_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journals" ADD CONSTRAINT "recurring_journals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journals" ADD CONSTRAINT "recurring_journals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_number_unique" ON "journal_entries" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_source_unique" ON "journal_entries" USING btree ("tenant_id","source_type","source_id") WHERE "journal_entries"."source_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reverses_unique" ON "journal_entries" USING btree ("tenant_id","reverses_entry_id") WHERE "journal_entries"."reverses_entry_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_request_key_unique" ON "journal_entries" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "journal_entries_date_idx" ON "journal_entries" USING btree ("tenant_id","entry_date","number");--> statement-breakpoint
CREATE INDEX "journal_lines_account_date_idx" ON "journal_lines" USING btree ("tenant_id","account_id","entry_date");--> statement-breakpoint
CREATE INDEX "journal_lines_contact_idx" ON "journal_lines" USING btree ("tenant_id","contact_id") WHERE "journal_lines"."contact_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_unique" ON "ledger_accounts" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_role_unique" ON "ledger_accounts" USING btree ("tenant_id","system_key",coalesce("location_id"::text, "tax_class", "expense_category_id"::text, '')) WHERE "ledger_accounts"."system_key" is not null;