CREATE TABLE "report_customer_days" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"location_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"sale_count" integer DEFAULT 0 NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"returned_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_customer_days_pk" PRIMARY KEY("tenant_id","day","location_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "report_customer_days" ADD CONSTRAINT "report_customer_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_customer_days" ADD CONSTRAINT "report_customer_days_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The customers' days (issue 18, docs/decisions/0021-report-summaries.md): isolated like every
-- tenant table, kept in the statement that writes a sale, a void or a return, under the shop's
-- summary lock like the other summaries (migration 0040).
SELECT app_private.enable_tenant_isolation('report_customer_days');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_private.report_customer_days_sales_added() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
BEGIN
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  INSERT INTO report_customer_days AS c (tenant_id, day, location_id, customer_id, sale_count, sales_minor)
  SELECT s.tenant_id, (s.created_at AT TIME ZONE zone)::date, s.location_id, coalesce(s.customer_id, '00000000-0000-0000-0000-000000000000'::uuid),
         count(*), sum(s.total_minor - s.tip_minor)
    FROM new_sales s WHERE s.status <> 'voided'
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, day, location_id, customer_id) DO UPDATE SET
    sale_count = c.sale_count + excluded.sale_count, sales_minor = c.sales_minor + excluded.sales_minor;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_customer_days_sales_added AFTER INSERT ON sales
  REFERENCING NEW TABLE AS new_sales FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_customer_days_sales_added();
--> statement-breakpoint
-- A void takes the sale out of its customer's day.
CREATE OR REPLACE FUNCTION app_private.report_customer_days_sales_voided() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_sales n JOIN old_sales o ON o.tenant_id = n.tenant_id AND o.id = n.id WHERE n.status = 'voided' AND o.status <> 'voided') THEN
    RETURN NULL;
  END IF;
  zone := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  UPDATE report_customer_days c SET sale_count = c.sale_count - v.sale_count, sales_minor = c.sales_minor - v.sales_minor
    FROM (SELECT o.tenant_id, (o.created_at AT TIME ZONE zone)::date AS day, o.location_id,
                 coalesce(o.customer_id, '00000000-0000-0000-0000-000000000000'::uuid) AS customer_id, count(*) AS sale_count, sum(o.total_minor - o.tip_minor) AS sales_minor
            FROM new_sales n JOIN old_sales o ON o.tenant_id = n.tenant_id AND o.id = n.id
            WHERE n.status = 'voided' AND o.status <> 'voided'
            GROUP BY 1, 2, 3, 4) v
    WHERE c.tenant_id = v.tenant_id AND c.day = v.day AND c.location_id = v.location_id AND c.customer_id = v.customer_id;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_customer_days_sales_voided AFTER UPDATE ON sales
  REFERENCING OLD TABLE AS old_sales NEW TABLE AS new_sales FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_customer_days_sales_voided();
--> statement-breakpoint
-- A return counts on its own day, at its own location, for its customer.
CREATE OR REPLACE FUNCTION app_private.report_customer_days_returns_added() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
BEGIN
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  INSERT INTO report_customer_days AS c (tenant_id, day, location_id, customer_id, returned_minor)
  SELECT r.tenant_id, (r.created_at AT TIME ZONE zone)::date, r.location_id, coalesce(r.customer_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(r.total_minor)
    FROM new_returns r
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, day, location_id, customer_id) DO UPDATE SET returned_minor = c.returned_minor + excluded.returned_minor;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_customer_days_returns_added AFTER INSERT ON sale_returns
  REFERENCING NEW TABLE AS new_returns FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_customer_days_returns_added();
--> statement-breakpoint
-- Shops from before this migration, one at a time in each shop's scope (as in 0043).
DO $do$
DECLARE
  shop record;
  zone text;
BEGIN
  FOR shop IN SELECT t.id FROM tenants t LOOP
    PERFORM set_config('app.tenant_id', shop.id::text, true);
    zone := coalesce((SELECT bs.time_zone FROM business_settings bs WHERE bs.tenant_id = shop.id LIMIT 1), 'Africa/Nairobi');
    INSERT INTO report_customer_days (tenant_id, day, location_id, customer_id, sale_count, sales_minor, returned_minor)
    SELECT tenant_id, day, location_id, customer_id, sum(sale_count), sum(sales_minor), sum(returned_minor)
      FROM (SELECT s.tenant_id, (s.created_at AT TIME ZONE zone)::date AS day, s.location_id, coalesce(s.customer_id, '00000000-0000-0000-0000-000000000000'::uuid) AS customer_id,
                   1 AS sale_count, s.total_minor - s.tip_minor AS sales_minor, 0 AS returned_minor
              FROM sales s WHERE s.tenant_id = shop.id AND s.status <> 'voided'
            UNION ALL
            SELECT r.tenant_id, (r.created_at AT TIME ZONE zone)::date, r.location_id, coalesce(r.customer_id, '00000000-0000-0000-0000-000000000000'::uuid), 0, 0, r.total_minor
              FROM sale_returns r WHERE r.tenant_id = shop.id) d
      GROUP BY 1, 2, 3, 4;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$do$;
