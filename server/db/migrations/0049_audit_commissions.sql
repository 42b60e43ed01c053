CREATE TABLE "commission_payouts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"sales_net_minor" integer NOT NULL,
	"returns_net_minor" integer NOT NULL,
	"commission_minor" integer NOT NULL,
	"note" text,
	"paid_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_payouts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "commission_payouts_period_check" CHECK ("commission_payouts"."period_start" <= "commission_payouts"."period_end")
);
--> statement-breakpoint
CREATE TABLE "commission_rates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"category_id" uuid,
	"product_id" uuid,
	"basis" text NOT NULL,
	"rate_bps" integer,
	"amount_minor" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "commission_rates_target_check" CHECK ("commission_rates"."category_id" is null or "commission_rates"."product_id" is null),
	CONSTRAINT "commission_rates_basis_check" CHECK (("commission_rates"."basis" = 'net_sales_bps' and "commission_rates"."rate_bps" between 0 and 10000 and "commission_rates"."amount_minor" is null) or ("commission_rates"."basis" = 'per_unit' and "commission_rates"."amount_minor" >= 0 and "commission_rates"."rate_bps" is null))
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "approved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_tenant_id_category_id_product_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."product_categories"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_payouts_user_idx" ON "commission_payouts" USING btree ("tenant_id","user_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rates_scope_unique" ON "commission_rates" USING btree ("tenant_id",coalesce("user_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("category_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("product_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("tenant_id","actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("tenant_id","action","created_at");--> statement-breakpoint
-- Issue 20 (docs/decisions/0025-audit-log-and-commissions.md): commissions are isolated like every
-- tenant table; the audit trail stays append-only (0018) and now refuses TRUNCATE too.
SELECT app_private.enable_tenant_isolation('commission_rates');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('commission_payouts');
--> statement-breakpoint
-- A payout is the record of money paid: never changed or removed.
REVOKE UPDATE, DELETE, TRUNCATE ON commission_payouts FROM dukani_app;
--> statement-breakpoint
REVOKE TRUNCATE ON audit_events FROM dukani_app;
