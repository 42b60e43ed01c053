CREATE TABLE "report_item_days" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"location_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"tax_class" text NOT NULL,
	"sold_quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"returned_quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"returned_minor" bigint DEFAULT 0 NOT NULL,
	"returned_tax_minor" bigint DEFAULT 0 NOT NULL,
	"returned_cost_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_item_days_pk" PRIMARY KEY("tenant_id","day","location_id","variant_id","tax_class")
);
--> statement-breakpoint
CREATE TABLE "report_sale_hours" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"location_id" uuid NOT NULL,
	"register_id" uuid NOT NULL,
	"cashier_id" uuid NOT NULL,
	"hour" smallint NOT NULL,
	"sale_count" integer DEFAULT 0 NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"tip_minor" bigint DEFAULT 0 NOT NULL,
	"sold_quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"return_count" integer DEFAULT 0 NOT NULL,
	"returned_minor" bigint DEFAULT 0 NOT NULL,
	"returned_tax_minor" bigint DEFAULT 0 NOT NULL,
	"returned_cost_minor" bigint DEFAULT 0 NOT NULL,
	"returned_quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	CONSTRAINT "report_sale_hours_pk" PRIMARY KEY("tenant_id","day","location_id","register_id","cashier_id","hour"),
	CONSTRAINT "report_sale_hours_hour_check" CHECK ("report_sale_hours"."hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "report_settings" (
	"tenant_id" uuid NOT NULL,
	"daily_summary_enabled" boolean DEFAULT false NOT NULL,
	"closing_time" text DEFAULT '20:00' NOT NULL,
	"last_summary_day" date,
	"summaries_rebuilt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_settings_tenant_id_pk" PRIMARY KEY("tenant_id"),
	CONSTRAINT "report_settings_closing_time_check" CHECK ("report_settings"."closing_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "report_tender_days" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"location_id" uuid NOT NULL,
	"tender" text NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_tender_days_pk" PRIMARY KEY("tenant_id","day","location_id","tender")
);
--> statement-breakpoint
CREATE TABLE "saved_reports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"report_key" text NOT NULL,
	"params" jsonb NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_reports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD COLUMN "cost_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_item_days" ADD CONSTRAINT "report_item_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_item_days" ADD CONSTRAINT "report_item_days_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_item_days" ADD CONSTRAINT "report_item_days_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sale_hours" ADD CONSTRAINT "report_sale_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sale_hours" ADD CONSTRAINT "report_sale_hours_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_settings" ADD CONSTRAINT "report_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tender_days" ADD CONSTRAINT "report_tender_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tender_days" ADD CONSTRAINT "report_tender_days_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_item_days_variant_idx" ON "report_item_days" USING btree ("tenant_id","variant_id","day");--> statement-breakpoint
CREATE INDEX "saved_reports_name_idx" ON "saved_reports" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_reports_request_key_unique" ON "saved_reports" USING btree ("tenant_id","request_key");