-- Self-serve sign-up (issue 21, docs/signup.md): the platform's record of each shop made on the main
-- host (its request key, the owner, the hand-over token as a hash) and the new shop's first-run
-- checklist.
CREATE TABLE "first_run_checklists" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "first_run_checklists_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "first_run_checklists_one_per_tenant" UNIQUE("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "shop_signups" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"request_key" uuid,
	"request_hash" text,
	"owner_user_id" uuid NOT NULL,
	"owner_phone" text NOT NULL,
	"country" text NOT NULL,
	"business_type" text NOT NULL,
	"plan_id" uuid,
	"handoff_token_hash" text,
	"handoff_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_signups_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "shop_signups_handoff_token_hash_unique" UNIQUE("handoff_token_hash"),
	CONSTRAINT "shop_signups_request_key_hash" CHECK (("shop_signups"."request_key" is null) = ("shop_signups"."request_hash" is null)),
	CONSTRAINT "shop_signups_handoff_expiry" CHECK (("shop_signups"."handoff_token_hash" is null) = ("shop_signups"."handoff_expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "first_run_checklists" ADD CONSTRAINT "first_run_checklists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "first_run_checklists" ADD CONSTRAINT "first_run_checklists_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shop_signups" ADD CONSTRAINT "shop_signups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shop_signups" ADD CONSTRAINT "shop_signups_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shop_signups" ADD CONSTRAINT "shop_signups_plan_id_billing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The checklist is the shop's own, isolated like every tenant table; shop_signups is a platform table.
SELECT app_private.enable_tenant_isolation('first_run_checklists');
