CREATE TABLE "approval_pins" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_pins_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"approver_id" uuid,
	"requested_by" uuid,
	"register_id" uuid,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"method" text NOT NULL,
	"used_by_type" text,
	"used_by_id" uuid,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approvals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "approvals_action_check" CHECK ("approvals"."action" in ('price_override', 'discount', 'return_window', 'return_without_receipt', 'void', 'over_short', 'negative_stock')),
	CONSTRAINT "approvals_method_check" CHECK ("approvals"."method" in ('password', 'pin'))
);
--> statement-breakpoint
CREATE TABLE "mpesa_codes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "mpesa_codes_code_check" CHECK ("mpesa_codes"."code" ~ '^[A-Z0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "parked_carts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"register_id" uuid,
	"name" text NOT NULL,
	"note" text,
	"customer_id" uuid,
	"cart" jsonb NOT NULL,
	"line_count" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"parked_by" uuid,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parked_carts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "parked_carts_totals_check" CHECK ("parked_carts"."line_count" >= 0 and "parked_carts"."total_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "registers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"receipt_prefix" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_z_number" integer DEFAULT 0 NOT NULL,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "registers_prefix_check" CHECK ("registers"."receipt_prefix" ~ '^[A-Z0-9]{1,6}$'),
	CONSTRAINT "registers_z_check" CHECK ("registers"."last_z_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"variant_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"unit_id" uuid,
	"unit_name" text,
	"quantity" numeric(14, 3) NOT NULL,
	"stock_quantity" numeric(14, 3) NOT NULL,
	"list_price_minor" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"price_overridden" boolean DEFAULT false NOT NULL,
	"line_discount_minor" integer DEFAULT 0 NOT NULL,
	"cart_discount_share_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"tax_class" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"cost_minor" integer DEFAULT 0 NOT NULL,
	"returned_quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sale_lines_quantity_check" CHECK ("sale_lines"."quantity" > 0 and "sale_lines"."stock_quantity" > 0),
	CONSTRAINT "sale_lines_returned_check" CHECK ("sale_lines"."returned_quantity" >= 0 and "sale_lines"."returned_quantity" <= "sale_lines"."quantity"),
	CONSTRAINT "sale_lines_tax_class_check" CHECK ("sale_lines"."tax_class" in ('standard', 'reduced', 'zero_rated', 'exempt')),
	CONSTRAINT "sale_lines_money_check" CHECK ("sale_lines"."list_price_minor" >= 0 and "sale_lines"."unit_price_minor" >= 0 and "sale_lines"."line_discount_minor" >= 0 and "sale_lines"."cart_discount_share_minor" >= 0 and "sale_lines"."total_minor" >= 0 and "sale_lines"."tax_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"tender" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"tendered_minor" integer,
	"reference" text,
	"gift_card_id" uuid,
	"loyalty_points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sale_payments_tender_check" CHECK ("sale_payments"."tender" in ('cash', 'mpesa', 'card', 'bank_transfer', 'account', 'deposit', 'gift_card', 'loyalty', 'exchange')),
	CONSTRAINT "sale_payments_amount_check" CHECK ("sale_payments"."amount_minor" > 0),
	CONSTRAINT "sale_payments_tendered_check" CHECK ("sale_payments"."tendered_minor" is null or ("sale_payments"."tender" = 'cash' and "sale_payments"."tendered_minor" >= "sale_payments"."amount_minor"))
);
--> statement-breakpoint
CREATE TABLE "sale_refunds" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"tender" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"reference" text,
	"gift_card_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_refunds_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sale_refunds_tender_check" CHECK ("sale_refunds"."tender" in ('cash', 'mpesa', 'card', 'bank_transfer', 'account', 'deposit', 'gift_card', 'loyalty', 'exchange')),
	CONSTRAINT "sale_refunds_amount_check" CHECK ("sale_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_return_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"sale_line_id" uuid,
	"variant_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"stock_quantity" numeric(14, 3) NOT NULL,
	"amount_minor" integer NOT NULL,
	"tax_class" text NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"disposition" text NOT NULL,
	CONSTRAINT "sale_return_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sale_return_lines_quantity_check" CHECK ("sale_return_lines"."quantity" > 0 and "sale_return_lines"."stock_quantity" > 0),
	CONSTRAINT "sale_return_lines_disposition_check" CHECK ("sale_return_lines"."disposition" in ('restock', 'damaged')),
	CONSTRAINT "sale_return_lines_money_check" CHECK ("sale_return_lines"."amount_minor" >= 0 and "sale_return_lines"."tax_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_returns" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_hash" text NOT NULL,
	"return_number" integer NOT NULL,
	"return_code" text NOT NULL,
	"sale_id" uuid,
	"register_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"cashier_id" uuid,
	"customer_id" uuid,
	"reason" text NOT NULL,
	"note" text,
	"total_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"loyalty_points_reversed" integer DEFAULT 0 NOT NULL,
	"approval_id" uuid,
	"exchange_sale_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_returns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sale_returns_reason_check" CHECK ("sale_returns"."reason" in ('changed_mind', 'damaged', 'defective', 'wrong_item', 'expired', 'other')),
	CONSTRAINT "sale_returns_money_check" CHECK ("sale_returns"."total_minor" >= 0 and "sale_returns"."tax_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_hash" text NOT NULL,
	"receipt_number" integer NOT NULL,
	"receipt_code" text NOT NULL,
	"register_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"cashier_id" uuid,
	"customer_id" uuid,
	"status" text DEFAULT 'completed' NOT NULL,
	"is_late" boolean DEFAULT false NOT NULL,
	"from_outbox" boolean DEFAULT false NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"cart_discount_minor" integer DEFAULT 0 NOT NULL,
	"tip_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"tax_bands" jsonb NOT NULL,
	"paid_minor" integer NOT NULL,
	"change_minor" integer DEFAULT 0 NOT NULL,
	"loyalty_points_earned" integer DEFAULT 0 NOT NULL,
	"note" text,
	"ring_up_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"void_approval_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sales_status_check" CHECK ("sales"."status" in ('completed', 'partly_returned', 'returned', 'voided')),
	CONSTRAINT "sales_money_check" CHECK ("sales"."subtotal_minor" >= 0 and "sales"."discount_minor" >= 0 and "sales"."cart_discount_minor" >= 0 and "sales"."tip_minor" >= 0 and "sales"."total_minor" >= 0 and "sales"."tax_minor" >= 0 and "sales"."paid_minor" >= "sales"."total_minor" and "sales"."change_minor" >= 0),
	CONSTRAINT "sales_void_check" CHECK (("sales"."status" = 'voided') = ("sales"."voided_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "sales_settings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"discount_limit_bps" integer DEFAULT 1000 NOT NULL,
	"over_short_tolerance_minor" integer DEFAULT 50000 NOT NULL,
	"return_window_days" integer DEFAULT 14 NOT NULL,
	"blind_close" boolean DEFAULT false NOT NULL,
	"receipt_width_mm" integer DEFAULT 80 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "sales_settings_discount_limit_check" CHECK ("sales_settings"."discount_limit_bps" between 0 and 10000),
	CONSTRAINT "sales_settings_tolerance_check" CHECK ("sales_settings"."over_short_tolerance_minor" >= 0),
	CONSTRAINT "sales_settings_return_window_check" CHECK ("sales_settings"."return_window_days" between 0 and 3650),
	CONSTRAINT "sales_settings_receipt_width_check" CHECK ("sales_settings"."receipt_width_mm" in (58, 80))
);
--> statement-breakpoint
CREATE TABLE "shift_cash_movements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"reason" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"note" text,
	"user_id" uuid,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_cash_movements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "shift_cash_movements_direction_check" CHECK ("shift_cash_movements"."direction" in ('in', 'out')),
	CONSTRAINT "shift_cash_movements_reason_check" CHECK ("shift_cash_movements"."reason" in ('float_top_up', 'bank_deposit', 'supplier_paid', 'expenses', 'other')),
	CONSTRAINT "shift_cash_movements_amount_check" CHECK ("shift_cash_movements"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"register_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_float_minor" integer NOT NULL,
	"opening_denominations" jsonb,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"counted_cash_minor" integer,
	"counted_denominations" jsonb,
	"declared_totals" jsonb,
	"expected_cash_minor" integer,
	"over_short_minor" integer,
	"close_note" text,
	"close_approval_id" uuid,
	"z_number" integer,
	"z_report" jsonb,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "shifts_status_check" CHECK ("shifts"."status" in ('open', 'closed')),
	CONSTRAINT "shifts_float_check" CHECK ("shifts"."opening_float_minor" >= 0),
	CONSTRAINT "shifts_closed_complete" CHECK ("shifts"."status" = 'open' or ("shifts"."closed_at" is not null and "shifts"."counted_cash_minor" is not null and "shifts"."z_number" is not null and "shifts"."z_report" is not null))
);
--> statement-breakpoint
ALTER TABLE "approval_pins" ADD CONSTRAINT "approval_pins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_pins" ADD CONSTRAINT "approval_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_tenant_id_register_id_registers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","register_id") REFERENCES "public"."registers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_codes" ADD CONSTRAINT "mpesa_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_carts" ADD CONSTRAINT "parked_carts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_carts" ADD CONSTRAINT "parked_carts_parked_by_users_id_fk" FOREIGN KEY ("parked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_carts" ADD CONSTRAINT "parked_carts_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_carts" ADD CONSTRAINT "parked_carts_tenant_id_register_id_registers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","register_id") REFERENCES "public"."registers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_carts" ADD CONSTRAINT "parked_carts_tenant_id_customer_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_tenant_id_sale_id_sales_tenant_id_id_fk" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "public"."sales"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_tenant_id_unit_id_units_tenant_id_id_fk" FOREIGN KEY ("tenant_id","unit_id") REFERENCES "public"."units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_tenant_id_sale_id_sales_tenant_id_id_fk" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "public"."sales"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_tenant_id_gift_card_id_gift_cards_tenant_id_id_fk" FOREIGN KEY ("tenant_id","gift_card_id") REFERENCES "public"."gift_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_tenant_id_return_id_sale_returns_tenant_id_id_fk" FOREIGN KEY ("tenant_id","return_id") REFERENCES "public"."sale_returns"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_tenant_id_gift_card_id_gift_cards_tenant_id_id_fk" FOREIGN KEY ("tenant_id","gift_card_id") REFERENCES "public"."gift_cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_tenant_id_return_id_sale_returns_tenant_id_id_fk" FOREIGN KEY ("tenant_id","return_id") REFERENCES "public"."sale_returns"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_tenant_id_sale_line_id_sale_lines_tenant_id_id_fk" FOREIGN KEY ("tenant_id","sale_line_id") REFERENCES "public"."sale_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_tenant_id_variant_id_product_variants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."product_variants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_tenant_id_sale_id_sales_tenant_id_id_fk" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "public"."sales"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_tenant_id_register_id_registers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","register_id") REFERENCES "public"."registers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_tenant_id_shift_id_shifts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","shift_id") REFERENCES "public"."shifts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_tenant_id_customer_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_tenant_id_approval_id_approvals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","approval_id") REFERENCES "public"."approvals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_tenant_id_exchange_sale_id_sales_tenant_id_id_fk" FOREIGN KEY ("tenant_id","exchange_sale_id") REFERENCES "public"."sales"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_tenant_id_register_id_registers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","register_id") REFERENCES "public"."registers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_tenant_id_shift_id_shifts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","shift_id") REFERENCES "public"."shifts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_tenant_id_customer_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_tenant_id_void_approval_id_approvals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","void_approval_id") REFERENCES "public"."approvals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_settings" ADD CONSTRAINT "sales_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_cash_movements" ADD CONSTRAINT "shift_cash_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_cash_movements" ADD CONSTRAINT "shift_cash_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_cash_movements" ADD CONSTRAINT "shift_cash_movements_tenant_id_shift_id_shifts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","shift_id") REFERENCES "public"."shifts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_tenant_id_register_id_registers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","register_id") REFERENCES "public"."registers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_tenant_id_close_approval_id_approvals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","close_approval_id") REFERENCES "public"."approvals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_pins_user_unique" ON "approval_pins" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "approvals_created_idx" ON "approvals" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "approvals_used_by_idx" ON "approvals" USING btree ("tenant_id","used_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_codes_code_unique" ON "mpesa_codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "parked_carts_location_idx" ON "parked_carts" USING btree ("tenant_id","location_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parked_carts_request_key_unique" ON "parked_carts" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "registers_name_unique" ON "registers" USING btree ("tenant_id","location_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "registers_prefix_unique" ON "registers" USING btree ("tenant_id",upper("receipt_prefix"));--> statement-breakpoint
CREATE UNIQUE INDEX "registers_request_key_unique" ON "registers" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_lines_line_unique" ON "sale_lines" USING btree ("tenant_id","sale_id","line_no");--> statement-breakpoint
CREATE INDEX "sale_lines_variant_idx" ON "sale_lines" USING btree ("tenant_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_payments_seq_unique" ON "sale_payments" USING btree ("tenant_id","sale_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_refunds_seq_unique" ON "sale_refunds" USING btree ("tenant_id","return_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_return_lines_line_unique" ON "sale_return_lines" USING btree ("tenant_id","return_id","line_no");--> statement-breakpoint
CREATE INDEX "sale_return_lines_sale_line_idx" ON "sale_return_lines" USING btree ("tenant_id","sale_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_returns_number_unique" ON "sale_returns" USING btree ("tenant_id","return_number");--> statement-breakpoint
CREATE INDEX "sale_returns_sale_idx" ON "sale_returns" USING btree ("tenant_id","sale_id");--> statement-breakpoint
CREATE INDEX "sale_returns_shift_idx" ON "sale_returns" USING btree ("tenant_id","shift_id");--> statement-breakpoint
CREATE INDEX "sale_returns_created_idx" ON "sale_returns" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_receipt_number_unique" ON "sales" USING btree ("tenant_id","receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_receipt_code_unique" ON "sales" USING btree ("tenant_id","receipt_code");--> statement-breakpoint
CREATE INDEX "sales_created_idx" ON "sales" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sales_shift_idx" ON "sales" USING btree ("tenant_id","shift_id");--> statement-breakpoint
CREATE INDEX "sales_customer_idx" ON "sales" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_cashier_idx" ON "sales" USING btree ("tenant_id","cashier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_settings_one_per_tenant" ON "sales_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "shift_cash_movements_shift_idx" ON "shift_cash_movements" USING btree ("tenant_id","shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_cash_movements_request_key_unique" ON "shift_cash_movements" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_per_register" ON "shifts" USING btree ("tenant_id","register_id") WHERE "shifts"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_z_number_unique" ON "shifts" USING btree ("tenant_id","register_id","z_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_request_key_unique" ON "shifts" USING btree ("tenant_id","request_key");--> statement-breakpoint
CREATE INDEX "shifts_opened_idx" ON "shifts" USING btree ("tenant_id","opened_at");