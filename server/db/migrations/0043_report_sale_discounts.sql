CREATE TABLE "report_sale_discounts" (
	"tenant_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"day" date NOT NULL,
	"location_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"receipt_code" text NOT NULL,
	"cashier_id" uuid,
	"overridden_lines" integer NOT NULL,
	"list_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_sale_discounts_pk" PRIMARY KEY("tenant_id","sale_id")
);
--> statement-breakpoint
ALTER TABLE "report_sale_discounts" ADD CONSTRAINT "report_sale_discounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sale_discounts" ADD CONSTRAINT "report_sale_discounts_tenant_id_sale_id_sales_tenant_id_id_fk" FOREIGN KEY ("tenant_id","sale_id") REFERENCES "public"."sales"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sale_discounts" ADD CONSTRAINT "report_sale_discounts_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_sale_discounts_day_idx" ON "report_sale_discounts" USING btree ("tenant_id","day");--> statement-breakpoint
-- The discounts report's sales (issue 18, docs/decisions/0021-report-summaries.md): isolated like
-- every tenant table.
SELECT app_private.enable_tenant_isolation('report_sale_discounts');
--> statement-breakpoint
-- The sales of a statement's lines that gave a discount (on the cart or a line) or a changed
-- price, with what their lines came to at list prices. Every line of the sale is counted, not only
-- this statement's, so a sale written over several statements still comes out whole. Each sale
-- is found by its key and its lines by theirs (a lateral look-up), whatever the tables' sizes.
-- The triggers are named report_summary_… like the others, so the sales bench's upkeep figure
-- switches them off too.
CREATE OR REPLACE FUNCTION app_private.report_sale_discounts_lines_added() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
BEGIN
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  INSERT INTO report_sale_discounts AS d (tenant_id, sale_id, day, location_id, created_at, receipt_code, cashier_id, overridden_lines, list_minor, discount_minor, total_minor)
  SELECT s.tenant_id, s.id, (s.created_at AT TIME ZONE zone)::date, s.location_id, s.created_at, s.receipt_code, s.cashier_id,
         lines.overridden, lines.list_minor, s.discount_minor, s.total_minor
    FROM (SELECT DISTINCT n.tenant_id, n.sale_id FROM new_lines n) k
    JOIN sales s ON s.tenant_id = k.tenant_id AND s.id = k.sale_id
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE l.price_overridden)::int AS overridden, coalesce(sum(round(l.list_price_minor * l.quantity)), 0)::bigint AS list_minor,
             bool_or(l.price_overridden OR l.unit_price_minor < l.list_price_minor) AS changed
        FROM sale_lines l WHERE l.tenant_id = s.tenant_id AND l.sale_id = s.id) lines
    WHERE s.status <> 'voided' AND (s.discount_minor > 0 OR lines.changed)
    ORDER BY 1, 2
  ON CONFLICT (tenant_id, sale_id) DO UPDATE SET overridden_lines = excluded.overridden_lines, list_minor = excluded.list_minor;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_discounts_lines_added AFTER INSERT ON sale_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_sale_discounts_lines_added();
--> statement-breakpoint
-- A voided sale leaves the discounts report (the voids report lists it).
CREATE OR REPLACE FUNCTION app_private.report_sale_discounts_sales_voided() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF EXISTS (SELECT 1 FROM new_sales n WHERE n.status = 'voided') THEN
    PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
    DELETE FROM report_sale_discounts d USING new_sales n WHERE d.tenant_id = n.tenant_id AND d.sale_id = n.id AND n.status = 'voided';
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_discounts_sales_voided AFTER UPDATE ON sales
  REFERENCING NEW TABLE AS new_sales FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_sale_discounts_sales_voided();
--> statement-breakpoint
-- Shops from before this migration: their sales are listed one shop at a time, in its scope (row
-- level security is forced on the owner that runs the migrations too; a superuser, as on the
-- embedded database, sees every shop, hence the shop's id as well).
DO $do$
DECLARE
  shop record;
BEGIN
  FOR shop IN SELECT t.id FROM tenants t LOOP
    PERFORM set_config('app.tenant_id', shop.id::text, true);
    INSERT INTO report_sale_discounts (tenant_id, sale_id, day, location_id, created_at, receipt_code, cashier_id, overridden_lines, list_minor, discount_minor, total_minor)
    SELECT s.tenant_id, s.id, (s.created_at AT TIME ZONE coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi'))::date,
           s.location_id, s.created_at, s.receipt_code, s.cashier_id,
           count(*) FILTER (WHERE l.price_overridden)::int, coalesce(sum(round(l.list_price_minor * l.quantity)), 0)::bigint, s.discount_minor, s.total_minor
      FROM sales s JOIN sale_lines l ON l.tenant_id = s.tenant_id AND l.sale_id = s.id
      WHERE s.tenant_id = shop.id AND s.status <> 'voided'
      GROUP BY s.tenant_id, s.id
      HAVING s.discount_minor > 0 OR bool_or(l.price_overridden OR l.unit_price_minor < l.list_price_minor);
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$do$;
