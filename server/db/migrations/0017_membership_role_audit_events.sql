CREATE TABLE "audit_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"entity" text,
	"entity_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenant_users" ADD COLUMN "role" text;--> statement-breakpoint
-- Every membership starts with the role its person has on the profile (spec §5: none means user).
-- The owner fills it: forced row-level security would hide every row from a non-superuser owner.
ALTER TABLE "tenant_users" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "tenant_users" m SET "role" = coalesce(nullif(trim(p."role"), ''), 'user') FROM "profiles" p WHERE p."user_id" = m."user_id";--> statement-breakpoint
UPDATE "tenant_users" SET "role" = 'user' WHERE "role" IS NULL;--> statement-breakpoint
ALTER TABLE "tenant_users" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenant_users" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("tenant_id","created_at");