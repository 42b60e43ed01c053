CREATE TABLE "platform_alert_reads" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"tenant_id" uuid,
	"target_user_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_suspensions" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"contact_email" text NOT NULL,
	"previous_status" text NOT NULL,
	"suspended_by" uuid NOT NULL,
	"suspended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_suspensions_previous_status_check" CHECK ("tenant_suspensions"."previous_status" in ('active', 'trial'))
);
--> statement-breakpoint
CREATE TABLE "user_deactivations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reason" text,
	"deactivated_by" uuid NOT NULL,
	"deactivated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_alert_reads" ADD CONSTRAINT "platform_alert_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_suspensions" ADD CONSTRAINT "tenant_suspensions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_deactivations" ADD CONSTRAINT "user_deactivations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_audit_events_created_idx" ON "platform_audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "platform_audit_events_tenant_idx" ON "platform_audit_events" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "platform_audit_events_target_user_idx" ON "platform_audit_events" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "tenants_name_trgm" ON "tenants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_subdomain_trgm" ON "tenants" USING gin ("subdomain" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenant_users_person_idx" ON "tenant_users" USING btree ("user_id");--> statement-breakpoint
-- Issue 21 (docs/platform.md): the platform audit log is append-only for whoever connects, the
-- owner included (a trigger, since the owner's own privileges cannot be taken from it for good).
CREATE OR REPLACE FUNCTION app_private.refuse_platform_audit_change() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'platform_audit_events is append-only' USING ERRCODE = 'insufficient_privilege';
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER platform_audit_events_append_only
BEFORE UPDATE OR DELETE ON platform_audit_events
FOR EACH ROW EXECUTE FUNCTION app_private.refuse_platform_audit_change();
--> statement-breakpoint
CREATE TRIGGER platform_audit_events_no_truncate
BEFORE TRUNCATE ON platform_audit_events
FOR EACH STATEMENT EXECUTE FUNCTION app_private.refuse_platform_audit_change();
--> statement-breakpoint
-- The console reads across shops (tenants by status, MRR, sales today, every user's shops) through
-- one read-only role: a transaction switches to it with set_config('role', …, true) and reads
-- (server/platform/cross-tenant-read.ts). Its policies are its own (TO dukani_platform_reader), so
-- the shops' own queries as dukani_app plan exactly as before. Roles are cluster-wide and an owner
-- without CREATEROLE cannot make one: scripts/postgres/create-owner.sql makes and grants it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dukani_platform_reader') THEN
    CREATE ROLE dukani_platform_reader NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE EXCEPTION 'The role dukani_platform_reader is missing and % may not create it: run scripts/postgres/create-owner.sql as a superuser (docs/platform.md)', current_user;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT dukani_platform_reader TO %I', current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'could not grant dukani_platform_reader to %: grant it by hand', current_user;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO dukani_platform_reader;
--> statement-breakpoint
GRANT SELECT ON tenants, users, profiles, billing_plans, email_outbox, user_deactivations TO dukani_platform_reader;
--> statement-breakpoint
-- A tenant table the console reads across shops: every row, for that role only, and reads only.
CREATE OR REPLACE FUNCTION app_private.allow_platform_read(target regclass) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS platform_read ON %s', target);
  EXECUTE format('CREATE POLICY platform_read ON %s AS PERMISSIVE FOR SELECT TO dukani_platform_reader USING (true)', target);
  EXECUTE format('GRANT SELECT ON %s TO dukani_platform_reader', target);
END
$fn$;
--> statement-breakpoint
SELECT app_private.allow_platform_read('tenant_subscription_details');
--> statement-breakpoint
SELECT app_private.allow_platform_read('tenant_users');
--> statement-breakpoint
SELECT app_private.allow_platform_read('business_settings');
--> statement-breakpoint
SELECT app_private.allow_platform_read('sales');
--> statement-breakpoint
SELECT app_private.allow_platform_read('payment_history');
--> statement-breakpoint
SELECT app_private.allow_platform_read('etims_documents');
