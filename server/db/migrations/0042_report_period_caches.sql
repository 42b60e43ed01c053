CREATE TABLE "report_period_cache_items" (
	"tenant_id" uuid NOT NULL,
	"cache_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"sold_quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"returned_quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"returned_minor" bigint DEFAULT 0 NOT NULL,
	"returned_tax_minor" bigint DEFAULT 0 NOT NULL,
	"returned_cost_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_period_cache_items_pk" PRIMARY KEY("tenant_id","cache_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "report_period_caches" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"grain" text NOT NULL,
	"from_day" date NOT NULL,
	"through_day" date NOT NULL,
	"location_id" uuid,
	"settled_version" bigint NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_period_caches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "report_period_caches_key_unique" UNIQUE NULLS NOT DISTINCT("tenant_id","grain","from_day","through_day","location_id","settled_version"),
	CONSTRAINT "report_period_caches_grain_check" CHECK ("report_period_caches"."grain" in ('product', 'variant')),
	CONSTRAINT "report_period_caches_days_check" CHECK ("report_period_caches"."from_day" <= "report_period_caches"."through_day")
);
--> statement-breakpoint
CREATE TABLE "report_summary_versions" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"settled_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_period_cache_items" ADD CONSTRAINT "report_period_cache_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_period_cache_items" ADD CONSTRAINT "report_period_cache_items_tenant_id_cache_id_report_period_caches_tenant_id_id_fk" FOREIGN KEY ("tenant_id","cache_id") REFERENCES "public"."report_period_caches"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_period_caches" ADD CONSTRAINT "report_period_caches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_period_caches" ADD CONSTRAINT "report_period_caches_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_summary_versions" ADD CONSTRAINT "report_summary_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Period caches of the by-product reports (issue 18, docs/decisions/0021-report-summaries.md):
-- isolated like every tenant table.
SELECT app_private.enable_tenant_isolation('report_summary_versions');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('report_period_caches');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('report_period_cache_items');
--> statement-breakpoint
-- A statement that changes an item day before the shop's today (a void of an old sale, a rebuild,
-- the demo's re-dating) moves the shop's settled version on, so every period cache built before it
-- is read no more. A sale or a return of today compares one day and writes nothing. The
-- transition table is the changed rows (inserted, updated or deleted): one function for the three
-- triggers, as PostgreSQL gives a trigger with a transition table one event only.
CREATE OR REPLACE FUNCTION app_private.report_settled_days_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (
    SELECT 1 FROM changed_days d
    WHERE d.day < (now() AT TIME ZONE coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi'))::date
  ) THEN
    INSERT INTO report_summary_versions AS v (tenant_id, settled_version)
    SELECT DISTINCT d.tenant_id, 1 FROM changed_days d
    ON CONFLICT (tenant_id) DO UPDATE SET settled_version = v.settled_version + 1;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_settled_days_inserted AFTER INSERT ON report_item_days
  REFERENCING NEW TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_settled_days_changed();
--> statement-breakpoint
CREATE TRIGGER report_summary_settled_days_updated AFTER UPDATE ON report_item_days
  REFERENCING NEW TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_settled_days_changed();
--> statement-breakpoint
CREATE TRIGGER report_summary_settled_days_deleted AFTER DELETE ON report_item_days
  REFERENCING OLD TABLE AS changed_days FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_settled_days_changed();
