CREATE TABLE "etims_settings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid,
	"kra_pin" text NOT NULL,
	"branch_id" text DEFAULT '00' NOT NULL,
	"device_serial" text NOT NULL,
	"environment" text DEFAULT 'simulated' NOT NULL,
	"cmc_key_sealed" text,
	"sdc_id" text,
	"mrc_no" text,
	"taxpayer_name" text,
	"initialised_at" timestamp with time zone,
	"last_invoice_number" integer DEFAULT 0 NOT NULL,
	"last_sar_number" integer DEFAULT 0 NOT NULL,
	"last_document_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "etims_settings_environment_check" CHECK ("etims_settings"."environment" in ('sandbox', 'production', 'simulated')),
	CONSTRAINT "etims_settings_pin_check" CHECK ("etims_settings"."kra_pin" ~ '^[A-Z][0-9]{9}[A-Z]$'),
	CONSTRAINT "etims_settings_branch_check" CHECK ("etims_settings"."branch_id" ~ '^[0-9]{2}$'),
	CONSTRAINT "etims_settings_counters_check" CHECK ("etims_settings"."last_invoice_number" >= 0 and "etims_settings"."last_sar_number" >= 0 and "etims_settings"."last_document_seq" >= 0)
);
--> statement-breakpoint
CREATE TABLE "etims_item_classes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"tax_type" text,
	"is_major" boolean DEFAULT false NOT NULL,
	"is_used" boolean DEFAULT true NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_item_classes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "etims_codes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code_class" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_used" boolean DEFAULT true NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "etims_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"item_code" text NOT NULL,
	"item_type_code" text DEFAULT '2' NOT NULL,
	"item_class_code" text NOT NULL,
	"packaging_unit_code" text NOT NULL,
	"quantity_unit_code" text NOT NULL,
	"tax_type" text NOT NULL,
	"origin_country" text DEFAULT 'KE' NOT NULL,
	"registered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "etims_items_tax_type_check" CHECK ("etims_items"."tax_type" in ('A', 'B', 'C', 'D', 'E')),
	CONSTRAINT "etims_items_sequence_check" CHECK ("etims_items"."sequence" between 1 and 9999999)
);
--> statement-breakpoint
CREATE TABLE "etims_documents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"settings_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"invoice_number" integer,
	"original_invoice_number" integer,
	"sar_number" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"in_doubt" boolean DEFAULT false NOT NULL,
	"last_error_code" text,
	"last_error_message" text,
	"payload" jsonb NOT NULL,
	"result" jsonb,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "etims_documents_kind_check" CHECK ("etims_documents"."kind" in ('sale', 'credit_note', 'stock_io', 'stock_master')),
	CONSTRAINT "etims_documents_source_type_check" CHECK ("etims_documents"."source_type" in ('sale', 'sale_return', 'sale_void')),
	CONSTRAINT "etims_documents_status_check" CHECK ("etims_documents"."status" in ('pending', 'sending', 'signed', 'failed')),
	CONSTRAINT "etims_documents_invoice_check" CHECK (("etims_documents"."kind" in ('sale', 'credit_note')) = ("etims_documents"."invoice_number" is not null)),
	CONSTRAINT "etims_documents_signed_check" CHECK (("etims_documents"."status" = 'signed') = ("etims_documents"."signed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "etims_settings" ADD CONSTRAINT "etims_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_settings" ADD CONSTRAINT "etims_settings_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_item_classes" ADD CONSTRAINT "etims_item_classes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_codes" ADD CONSTRAINT "etims_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_items" ADD CONSTRAINT "etims_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_items" ADD CONSTRAINT "etims_items_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_documents" ADD CONSTRAINT "etims_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_documents" ADD CONSTRAINT "etims_documents_tenant_id_settings_id_etims_settings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","settings_id") REFERENCES "public"."etims_settings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "etims_settings_location_unique" ON "etims_settings" USING btree ("tenant_id",coalesce("location_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE UNIQUE INDEX "etims_item_classes_code_unique" ON "etims_item_classes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "etims_item_classes_name_idx" ON "etims_item_classes" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "etims_codes_code_unique" ON "etims_codes" USING btree ("tenant_id","code_class","code");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_items_variant_unique" ON "etims_items" USING btree ("tenant_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_items_code_unique" ON "etims_items" USING btree ("tenant_id","item_code");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_items_sequence_unique" ON "etims_items" USING btree ("tenant_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_documents_seq_unique" ON "etims_documents" USING btree ("tenant_id","settings_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_documents_invoice_unique" ON "etims_documents" USING btree ("tenant_id","settings_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_documents_source_unique" ON "etims_documents" USING btree ("tenant_id","source_id","kind") WHERE "etims_documents"."kind" in ('sale', 'credit_note');--> statement-breakpoint
CREATE INDEX "etims_documents_credited_idx" ON "etims_documents" USING btree ("tenant_id","settings_id","original_invoice_number") WHERE "etims_documents"."kind" = 'credit_note';--> statement-breakpoint
CREATE INDEX "etims_documents_due_idx" ON "etims_documents" USING btree ("tenant_id","settings_id","seq") WHERE "etims_documents"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "etims_documents_status_idx" ON "etims_documents" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
-- KRA eTIMS (issue 19, docs/decisions/0023-etims-oscu.md): isolated like every tenant table. A
-- queued document is KRA's record of a sale: the app role may update its status and signature but
-- never delete it.
SELECT app_private.enable_tenant_isolation('etims_settings');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('etims_item_classes');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('etims_codes');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('etims_items');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('etims_documents');
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON etims_documents FROM dukani_app;
