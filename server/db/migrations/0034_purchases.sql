CREATE TABLE "expense_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"category_id" uuid NOT NULL,
	"expense_date" date NOT NULL,
	"description" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"vat_minor" bigint DEFAULT 0 NOT NULL,
	"vat_claimable" boolean DEFAULT false NOT NULL,
	"supplier_id" uuid,
	"paid_from" text NOT NULL,
	"shift_id" uuid,
	"reference" text,
	"note" text,
	"attachment_file" text,
	"attachment_type" text,
	"recurring_id" uuid,
	"location_id" uuid,
	"created_by" uuid,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "expenses_paid_from_check" CHECK (paid_from in ('register_cash', 'cash', 'mpesa', 'bank_transfer', 'owner')),
	CONSTRAINT "expenses_shift_check" CHECK (("expenses"."paid_from" = 'register_cash') = ("expenses"."shift_id" is not null)),
	CONSTRAINT "expenses_void_check" CHECK (("expenses"."voided_at" is null) = ("expenses"."void_reason" is null)),
	CONSTRAINT "expenses_amount_check" CHECK ("expenses"."amount_minor" > 0 and "expenses"."vat_minor" >= 0 and "expenses"."vat_minor" <= "expenses"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "goods_receipt_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"receipt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"order_line_id" uuid,
	"variant_id" uuid NOT NULL,
	"unit_id" uuid,
	"pack_size" numeric(14, 3) NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"stock_quantity" numeric(14, 3) NOT NULL,
	"unit_cost_minor" integer NOT NULL,
	"tax_class" text NOT NULL,
	"line_subtotal_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"landed_share_minor" bigint NOT NULL,
	"stock_unit_cost_minor" integer NOT NULL,
	"batch_number" text,
	"expiry_date" date,
	"returned_quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	CONSTRAINT "goods_receipt_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "goods_receipt_lines_quantity_check" CHECK ("goods_receipt_lines"."quantity" > 0 and "goods_receipt_lines"."stock_quantity" > 0 and "goods_receipt_lines"."pack_size" > 0),
	CONSTRAINT "goods_receipt_lines_returned_check" CHECK ("goods_receipt_lines"."returned_quantity" >= 0 and "goods_receipt_lines"."returned_quantity" <= "goods_receipt_lines"."stock_quantity"),
	CONSTRAINT "goods_receipt_lines_cost_check" CHECK ("goods_receipt_lines"."unit_cost_minor" >= 0 and "goods_receipt_lines"."stock_unit_cost_minor" >= 0 and "goods_receipt_lines"."vat_minor" >= 0 and "goods_receipt_lines"."landed_share_minor" >= 0),
	CONSTRAINT "goods_receipt_lines_tax_class_check" CHECK (tax_class in ('standard', 'reduced', 'zero_rated', 'exempt'))
);
--> statement-breakpoint
CREATE TABLE "goods_receipts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"order_id" uuid,
	"supplier_invoice_number" text,
	"supplier_invoice_date" date,
	"duplicate_of_id" uuid,
	"landed_cost_minor" bigint DEFAULT 0 NOT NULL,
	"landed_cost_basis" text DEFAULT 'value' NOT NULL,
	"vat_claimable" boolean NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"note" text,
	"received_by" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_key" uuid,
	CONSTRAINT "goods_receipts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "goods_receipts_basis_check" CHECK ("goods_receipts"."landed_cost_basis" in ('value', 'quantity')),
	CONSTRAINT "goods_receipts_amounts_check" CHECK ("goods_receipts"."landed_cost_minor" >= 0 and "goods_receipts"."subtotal_minor" >= 0 and "goods_receipts"."vat_minor" >= 0 and "goods_receipts"."total_minor" = "goods_receipts"."subtotal_minor" + "goods_receipts"."vat_minor" + "goods_receipts"."landed_cost_minor")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"variant_id" uuid NOT NULL,
	"unit_id" uuid,
	"pack_size" numeric(14, 3) NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost_minor" integer NOT NULL,
	"tax_class" text NOT NULL,
	"received_quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "purchase_order_lines_quantity_check" CHECK ("purchase_order_lines"."quantity" > 0 and "purchase_order_lines"."pack_size" > 0 and "purchase_order_lines"."received_quantity" >= 0),
	CONSTRAINT "purchase_order_lines_cost_check" CHECK ("purchase_order_lines"."unit_cost_minor" >= 0),
	CONSTRAINT "purchase_order_lines_tax_class_check" CHECK (tax_class in ('standard', 'reduced', 'zero_rated', 'exempt'))
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"expected_date" date,
	"supplier_reference" text,
	"note" text,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"ordered_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "purchase_orders_status_check" CHECK (status in ('draft', 'ordered', 'partly_received', 'received', 'closed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "recurring_expenses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"vat_minor" bigint DEFAULT 0 NOT NULL,
	"vat_claimable" boolean DEFAULT false NOT NULL,
	"supplier_id" uuid,
	"paid_from" text NOT NULL,
	"frequency" text NOT NULL,
	"day_of_month" integer,
	"next_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_expenses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "recurring_expenses_frequency_check" CHECK ("recurring_expenses"."frequency" in ('monthly', 'weekly')),
	CONSTRAINT "recurring_expenses_day_check" CHECK (("recurring_expenses"."frequency" = 'monthly') = ("recurring_expenses"."day_of_month" is not null) and ("recurring_expenses"."day_of_month" is null or "recurring_expenses"."day_of_month" between 1 and 31)),
	CONSTRAINT "recurring_expenses_paid_from_check" CHECK ("recurring_expenses"."paid_from" in ('cash', 'mpesa', 'bank_transfer', 'owner')),
	CONSTRAINT "recurring_expenses_amount_check" CHECK ("recurring_expenses"."amount_minor" > 0 and "recurring_expenses"."vat_minor" >= 0 and "recurring_expenses"."vat_minor" <= "recurring_expenses"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "supplier_bills" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"receipt_id" uuid,
	"entry_id" uuid NOT NULL,
	"supplier_invoice_number" text,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"vat_minor" bigint DEFAULT 0 NOT NULL,
	"category_id" uuid,
	"description" text,
	"created_by" uuid,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_bills_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "supplier_bills_kind_check" CHECK ("supplier_bills"."kind" in ('goods', 'services')),
	CONSTRAINT "supplier_bills_amount_check" CHECK ("supplier_bills"."amount_minor" > 0 and "supplier_bills"."vat_minor" >= 0 and "supplier_bills"."vat_minor" <= "supplier_bills"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "supplier_return_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"receipt_line_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost_minor" integer NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	CONSTRAINT "supplier_return_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "supplier_return_lines_quantity_check" CHECK ("supplier_return_lines"."quantity" > 0 and "supplier_return_lines"."unit_cost_minor" >= 0 and "supplier_return_lines"."subtotal_minor" >= 0 and "supplier_return_lines"."vat_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_returns" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"settlement" text NOT NULL,
	"refund_method" text,
	"refund_reference" text,
	"subtotal_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_by" uuid,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_returns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "supplier_returns_reason_check" CHECK ("supplier_returns"."reason" in ('damaged', 'expired', 'wrong_item', 'excess', 'other')),
	CONSTRAINT "supplier_returns_settlement_check" CHECK ("supplier_returns"."settlement" in ('credit', 'refund')),
	CONSTRAINT "supplier_returns_refund_check" CHECK ((settlement = 'refund') = (refund_method is not null) and (refund_method is null or refund_method in ('cash', 'mpesa', 'bank_transfer', 'cheque'))),
	CONSTRAINT "supplier_returns_amounts_check" CHECK ("supplier_returns"."total_minor" > 0 and "supplier_returns"."total_minor" = "supplier_returns"."subtotal_minor" + "supplier_returns"."vat_minor")
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "cashiers_record_cash_purchases" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tracks_batches" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preferred_supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "shift_cash_movements" ADD COLUMN "source_type" text;--> statement-breakpoint
ALTER TABLE "shift_cash_movements" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "expense_categories" ADD CONSTRAINT "expense_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_tenant_id_category_id_expense_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."expense_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_tenant_id_supplier_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_tenant_id_shift_id_shifts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","shift_id") REFERENCES "public"."shifts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_tenant_id_recurring_id_recurring_expenses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","recurring_id") REFERENCES "public"."recurring_expenses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_tenant_id_receipt_id_goods_receipts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","receipt_id") REFERENCES "public"."goods_receipts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_tenant_id_order_line_id_purchase_order_lines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_line_id") REFERENCES "public"."purchase_order_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_tenant_id_unit_id_units_tenant_id_id_fk" FOREIGN KEY ("tenant_id","unit_id") REFERENCES "public"."units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_tenant_id_supplier_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_tenant_id_order_id_purchase_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."purchase_orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_tenant_id_duplicate_of_id_goods_receipts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","duplicate_of_id") REFERENCES "public"."goods_receipts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_tenant_id_order_id_purchase_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."purchase_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_tenant_id_unit_id_units_tenant_id_id_fk" FOREIGN KEY ("tenant_id","unit_id") REFERENCES "public"."units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_tenant_id_supplier_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_tenant_id_category_id_expense_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."expense_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_tenant_id_supplier_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_supplier_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_receipt_id_goods_receipts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","receipt_id") REFERENCES "public"."goods_receipts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_entry_id_account_entries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."account_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_tenant_id_category_id_expense_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."expense_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_tenant_id_return_id_supplier_returns_tenant_id_id_fk" FOREIGN KEY ("tenant_id","return_id") REFERENCES "public"."supplier_returns"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_tenant_id_receipt_line_id_goods_receipt_lines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","receipt_line_id") REFERENCES "public"."goods_receipt_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_tenant_id_supplier_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_tenant_id_receipt_id_goods_receipts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","receipt_id") REFERENCES "public"."goods_receipts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_tenant_id_entry_id_account_entries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."account_entries"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_categories_name_unique" ON "expense_categories" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_number_unique" ON "expenses" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_request_key_unique" ON "expenses" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_recurring_date_unique" ON "expenses" USING btree ("tenant_id","recurring_id","expense_date");--> statement-breakpoint
CREATE INDEX "expenses_date_idx" ON "expenses" USING btree ("tenant_id","expense_date");--> statement-breakpoint
CREATE INDEX "expenses_category_idx" ON "expenses" USING btree ("tenant_id","category_id","expense_date");--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_receipt_idx" ON "goods_receipt_lines" USING btree ("tenant_id","receipt_id");--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_variant_idx" ON "goods_receipt_lines" USING btree ("tenant_id","variant_id");--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_expiry_idx" ON "goods_receipt_lines" USING btree ("tenant_id","expiry_date") WHERE "goods_receipt_lines"."expiry_date" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_receipts_number_unique" ON "goods_receipts" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_receipts_request_key_unique" ON "goods_receipts" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_receipts_supplier_invoice_unique" ON "goods_receipts" USING btree ("tenant_id","supplier_id",upper("supplier_invoice_number")) WHERE "goods_receipts"."supplier_invoice_number" is not null and "goods_receipts"."duplicate_of_id" is null;--> statement-breakpoint
CREATE INDEX "goods_receipts_newest" ON "goods_receipts" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE INDEX "goods_receipts_supplier_idx" ON "goods_receipts" USING btree ("tenant_id","supplier_id","received_at");--> statement-breakpoint
CREATE INDEX "goods_receipts_order_idx" ON "goods_receipts" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_unique" ON "purchase_order_lines" USING btree ("tenant_id","order_id","variant_id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_variant_idx" ON "purchase_order_lines" USING btree ("tenant_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_unique" ON "purchase_orders" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_request_key_unique" ON "purchase_orders" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "purchase_orders_newest" ON "purchase_orders" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("tenant_id","supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_open_idx" ON "purchase_orders" USING btree ("tenant_id","status") WHERE "purchase_orders"."status" in ('ordered', 'partly_received');--> statement-breakpoint
CREATE INDEX "recurring_expenses_due_idx" ON "recurring_expenses" USING btree ("next_date") WHERE "recurring_expenses"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_number_unique" ON "supplier_bills" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_entry_unique" ON "supplier_bills" USING btree ("tenant_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_receipt_unique" ON "supplier_bills" USING btree ("tenant_id","receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_request_key_unique" ON "supplier_bills" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "supplier_bills_supplier_idx" ON "supplier_bills" USING btree ("tenant_id","supplier_id","bill_date");--> statement-breakpoint
CREATE INDEX "supplier_bills_due_idx" ON "supplier_bills" USING btree ("tenant_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_return_lines_unique" ON "supplier_return_lines" USING btree ("tenant_id","return_id","receipt_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_returns_number_unique" ON "supplier_returns" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_returns_request_key_unique" ON "supplier_returns" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "supplier_returns_newest" ON "supplier_returns" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "supplier_returns_receipt_idx" ON "supplier_returns" USING btree ("tenant_id","receipt_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_preferred_supplier_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","preferred_supplier_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_preferred_supplier_idx" ON "products" USING btree ("tenant_id","preferred_supplier_id");--> statement-breakpoint
CREATE INDEX "shift_cash_movements_source_idx" ON "shift_cash_movements" USING btree ("tenant_id","source_type","source_id");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK (kind in ('opening', 'purchase_receipt', 'sale', 'sale_return', 'adjustment', 'transfer_out', 'transfer_in', 'transfer_loss', 'count_variance', 'supplier_return'));