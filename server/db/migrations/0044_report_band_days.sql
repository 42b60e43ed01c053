CREATE TABLE "report_band_days" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"location_id" uuid NOT NULL,
	"tax_class" text NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"returned_minor" bigint DEFAULT 0 NOT NULL,
	"returned_tax_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_band_days_pk" PRIMARY KEY("tenant_id","day","location_id","tax_class")
);
--> statement-breakpoint
ALTER TABLE "report_band_days" ADD CONSTRAINT "report_band_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_band_days" ADD CONSTRAINT "report_band_days_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The VAT by band report's days (issue 18, docs/decisions/0021-report-summaries.md): isolated like
-- every tenant table.
SELECT app_private.enable_tenant_isolation('report_band_days');
--> statement-breakpoint
-- report_item_days added up per VAT band, by what each statement changes in it: its inserted rows
-- added, its updated rows' change added, its deleted rows taken away. Every writer of item days
-- (the sale documents' triggers, a rebuild, the demo's re-dating) keeps it so without knowing.
CREATE OR REPLACE FUNCTION app_private.report_band_days_changed() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_band_days AS b (tenant_id, day, location_id, tax_class, sales_minor, tax_minor, returned_minor, returned_tax_minor)
    SELECT n.tenant_id, n.day, n.location_id, n.tax_class, sum(n.sales_minor), sum(n.tax_minor), sum(n.returned_minor), sum(n.returned_tax_minor)
      FROM new_days n GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, day, location_id, tax_class) DO UPDATE SET
      sales_minor = b.sales_minor + excluded.sales_minor, tax_minor = b.tax_minor + excluded.tax_minor,
      returned_minor = b.returned_minor + excluded.returned_minor, returned_tax_minor = b.returned_tax_minor + excluded.returned_tax_minor;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO report_band_days AS b (tenant_id, day, location_id, tax_class, sales_minor, tax_minor, returned_minor, returned_tax_minor)
    SELECT n.tenant_id, n.day, n.location_id, n.tax_class, sum(n.sales_minor - o.sales_minor), sum(n.tax_minor - o.tax_minor),
           sum(n.returned_minor - o.returned_minor), sum(n.returned_tax_minor - o.returned_tax_minor)
      FROM new_days n JOIN old_days o ON o.tenant_id = n.tenant_id AND o.day = n.day AND o.location_id = n.location_id AND o.variant_id = n.variant_id AND o.tax_class = n.tax_class
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, day, location_id, tax_class) DO UPDATE SET
      sales_minor = b.sales_minor + excluded.sales_minor, tax_minor = b.tax_minor + excluded.tax_minor,
      returned_minor = b.returned_minor + excluded.returned_minor, returned_tax_minor = b.returned_tax_minor + excluded.returned_tax_minor;
  ELSE
    UPDATE report_band_days b SET
      sales_minor = b.sales_minor - d.sales_minor, tax_minor = b.tax_minor - d.tax_minor,
      returned_minor = b.returned_minor - d.returned_minor, returned_tax_minor = b.returned_tax_minor - d.returned_tax_minor
      FROM (SELECT o.tenant_id, o.day, o.location_id, o.tax_class, sum(o.sales_minor) AS sales_minor, sum(o.tax_minor) AS tax_minor,
                   sum(o.returned_minor) AS returned_minor, sum(o.returned_tax_minor) AS returned_tax_minor
              FROM old_days o GROUP BY 1, 2, 3, 4) d
      WHERE b.tenant_id = d.tenant_id AND b.day = d.day AND b.location_id = d.location_id AND b.tax_class = d.tax_class;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_band_days_inserted AFTER INSERT ON report_item_days
  REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_band_days_changed();
--> statement-breakpoint
CREATE TRIGGER report_summary_band_days_updated AFTER UPDATE ON report_item_days
  REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_band_days_changed();
--> statement-breakpoint
CREATE TRIGGER report_summary_band_days_deleted AFTER DELETE ON report_item_days
  REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_band_days_changed();
--> statement-breakpoint
-- Shops from before this migration, one at a time in each shop's scope (as in 0043).
DO $do$
DECLARE
  shop record;
BEGIN
  FOR shop IN SELECT t.id FROM tenants t LOOP
    PERFORM set_config('app.tenant_id', shop.id::text, true);
    INSERT INTO report_band_days (tenant_id, day, location_id, tax_class, sales_minor, tax_minor, returned_minor, returned_tax_minor)
    SELECT d.tenant_id, d.day, d.location_id, d.tax_class, sum(d.sales_minor), sum(d.tax_minor), sum(d.returned_minor), sum(d.returned_tax_minor)
      FROM report_item_days d WHERE d.tenant_id = shop.id GROUP BY 1, 2, 3, 4;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$do$;
