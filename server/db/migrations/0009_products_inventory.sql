CREATE TABLE "brands" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "combo_components" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"component_variant_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "combo_components_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "combo_components_quantity_check" CHECK ("combo_components"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_barcodes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_barcodes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_price_tiers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"min_quantity" numeric(14, 3) NOT NULL,
	"price_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_price_tiers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "product_price_tiers_check" CHECK ("product_price_tiers"."min_quantity" > 0 and "product_price_tiers"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sku" text NOT NULL,
	"cost_price_minor" integer DEFAULT 0 NOT NULL,
	"selling_price_minor" integer NOT NULL,
	"average_cost_minor" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "product_variants_prices_check" CHECK ("product_variants"."cost_price_minor" >= 0 and "product_variants"."selling_price_minor" >= 0 and "product_variants"."average_cost_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"kind" text DEFAULT 'standard' NOT NULL,
	"category_id" uuid,
	"brand_id" uuid,
	"unit_id" uuid,
	"tax_class" text DEFAULT 'standard' NOT NULL,
	"prices_include_tax" boolean DEFAULT true NOT NULL,
	"track_stock" boolean DEFAULT true NOT NULL,
	"reorder_level" numeric(14, 3),
	"warranty_days" integer,
	"image_url" text,
	"status" text DEFAULT 'active' NOT NULL,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "products_kind_check" CHECK ("products"."kind" in ('standard', 'combo')),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('active', 'archived')),
	CONSTRAINT "products_tax_class_check" CHECK ("products"."tax_class" in ('standard', 'reduced', 'zero_rated', 'exempt')),
	CONSTRAINT "products_reorder_level_check" CHECK ("products"."reorder_level" is null or "products"."reorder_level" >= 0),
	CONSTRAINT "products_warranty_check" CHECK ("products"."warranty_days" is null or "products"."warranty_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "units" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"allows_decimals" boolean DEFAULT false NOT NULL,
	"base_unit_id" uuid,
	"base_quantity" numeric(14, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "units_base_pair" CHECK (("units"."base_unit_id" is null) = ("units"."base_quantity" is null)),
	CONSTRAINT "units_base_quantity_positive" CHECK ("units"."base_quantity" is null or "units"."base_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'shop' NOT NULL,
	"address" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "locations_kind_check" CHECK ("locations"."kind" in ('shop', 'warehouse')),
	CONSTRAINT "locations_default_active" CHECK (not "locations"."is_default" or "locations"."is_active")
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"user_id" uuid,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_adjustments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_adjustments_reason_check" CHECK ("stock_adjustments"."reason" in ('damage', 'theft', 'expiry', 'correction'))
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"tenant_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"on_hand" numeric(14, 3) DEFAULT 0 NOT NULL,
	"is_low" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_tenant_id_variant_id_location_id_pk" PRIMARY KEY("tenant_id","variant_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost_minor" integer DEFAULT 0 NOT NULL,
	"balance_after" numeric(14, 3) NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"reason" text,
	"note" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_movements_kind_check" CHECK (kind in ('opening', 'purchase_receipt', 'sale', 'sale_return', 'adjustment', 'transfer_out', 'transfer_in', 'count_variance')),
	CONSTRAINT "stock_movements_quantity_nonzero" CHECK ("stock_movements"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_take_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"stock_take_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"counted_quantity" numeric(14, 3) NOT NULL,
	"expected_quantity" numeric(14, 3),
	"counted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_take_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_take_lines_counted_check" CHECK ("stock_take_lines"."counted_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_takes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"status" text DEFAULT 'counting' NOT NULL,
	"note" text,
	"started_by" uuid,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_takes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_takes_status_check" CHECK ("stock_takes"."status" in ('counting', 'posted', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	CONSTRAINT "stock_transfer_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_transfer_lines_quantity_check" CHECK ("stock_transfer_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"from_location_id" uuid NOT NULL,
	"to_location_id" uuid NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"note" text,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" uuid,
	"received_at" timestamp with time zone,
	"request_key" uuid,
	CONSTRAINT "stock_transfers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_transfers_status_check" CHECK ("stock_transfers"."status" in ('sent', 'received', 'cancelled')),
	CONSTRAINT "stock_transfers_distinct_locations" CHECK ("stock_transfers"."from_location_id" <> "stock_transfers"."to_location_id")
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "vat_standard_bp" integer DEFAULT 1600 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "vat_reduced_bp" integer DEFAULT 800 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "allow_negative_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_components" ADD CONSTRAINT "combo_components_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_components" ADD CONSTRAINT "combo_components_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combo_components" ADD CONSTRAINT "combo_components_tenant_id_component_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","component_variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_barcodes" ADD CONSTRAINT "product_barcodes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_barcodes" ADD CONSTRAINT "product_barcodes_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_tenant_id_parent_id_product_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."product_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_tiers" ADD CONSTRAINT "product_price_tiers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_tiers" ADD CONSTRAINT "product_price_tiers_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_category_id_product_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."product_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_brand_id_brands_tenant_id_id_fk" FOREIGN KEY ("tenant_id","brand_id") REFERENCES "public"."brands"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_unit_id_units_tenant_id_id_fk" FOREIGN KEY ("tenant_id","unit_id") REFERENCES "public"."units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_tenant_id_base_unit_id_units_tenant_id_id_fk" FOREIGN KEY ("tenant_id","base_unit_id") REFERENCES "public"."units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_tenant_id_stock_take_id_stock_takes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","stock_take_id") REFERENCES "public"."stock_takes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_tenant_id_transfer_id_stock_transfers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","transfer_id") REFERENCES "public"."stock_transfers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_tenant_id_from_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","from_location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_tenant_id_to_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","to_location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_unique" ON "brands" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "combo_components_unique" ON "combo_components" USING btree ("tenant_id","product_id","component_variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_barcodes_code_unique" ON "product_barcodes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "product_barcodes_variant_idx" ON "product_barcodes" USING btree ("tenant_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name_unique" ON "product_categories" USING btree ("tenant_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_price_tiers_unique" ON "product_price_tiers" USING btree ("tenant_id","variant_id","min_quantity");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree ("tenant_id",upper("sku"));--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "product_variants_sku_trgm" ON "product_variants" USING gin (upper("sku") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "products_request_key_unique" ON "products" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "products_name_order" ON "products" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_updated_order" ON "products" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("tenant_id","brand_id");--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "units_name_unique" ON "units" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_unique" ON "locations" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_one_default" ON "locations" USING btree ("tenant_id") WHERE "locations"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "locations_request_key_unique" ON "locations" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_adjustments_request_key_unique" ON "stock_adjustments" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "stock_adjustments_newest" ON "stock_adjustments" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_levels_location_idx" ON "stock_levels" USING btree ("tenant_id","location_id");--> statement-breakpoint
CREATE INDEX "stock_levels_low_idx" ON "stock_levels" USING btree ("tenant_id") WHERE "stock_levels"."is_low";--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" USING btree ("tenant_id","variant_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "stock_movements_location_idx" ON "stock_movements" USING btree ("tenant_id","location_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_take_lines_unique" ON "stock_take_lines" USING btree ("tenant_id","stock_take_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_takes_request_key_unique" ON "stock_takes" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "stock_takes_newest" ON "stock_takes" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfer_lines_unique" ON "stock_transfer_lines" USING btree ("tenant_id","transfer_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfers_request_key_unique" ON "stock_transfers" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "stock_transfers_newest" ON "stock_transfers" USING btree ("tenant_id","sent_at");