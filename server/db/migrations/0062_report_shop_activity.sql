CREATE TABLE "report_shop_activity" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"first_sale_day" date,
	"last_sale_day" date,
	"first_customer_sale_day" date,
	"last_customer_sale_day" date
);
--> statement-breakpoint
ALTER TABLE "report_shop_activity" ADD CONSTRAINT "report_shop_activity_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_shop_activity_last_sale_idx" ON "report_shop_activity" USING btree ("last_sale_day");--> statement-breakpoint
-- Issue 21, the Analytics page over 10,000 shops (docs/platform.md "Analytics"): each shop's first
-- and last day with a sale, and with a sale to a named customer, so "active in a period" is read
-- from one row per shop instead of a probe of every shop's summaries. The days with a sale are
-- exactly the summaries' days with sale_count > 0, so the bounds are read again from them (four
-- index descents) by every statement that changes a shop's summaries: sales, voids, returns, the
-- rebuild and the demo's re-dating all keep it without knowing. A shop's summaries are written
-- under its summary lock (migration 0040), so its row here is too. Isolated like every tenant
-- table; readable by the platform reader.
SELECT app_private.enable_tenant_isolation('report_shop_activity');
--> statement-breakpoint
SELECT app_private.allow_platform_read('report_shop_activity');
--> statement-breakpoint
-- One function for every trigger: `changed_rows` is the statement's new rows (insert) or old rows
-- (update, delete); each shop among them gets its bounds read again, written only when they moved.
CREATE OR REPLACE FUNCTION app_private.shop_activity_refresh() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO report_shop_activity AS a (tenant_id, first_sale_day, last_sale_day, first_customer_sale_day, last_customer_sale_day)
  SELECT t.id,
         (SELECT min(h.day) FROM report_sale_hours h WHERE h.tenant_id = t.id AND h.sale_count > 0),
         (SELECT max(h.day) FROM report_sale_hours h WHERE h.tenant_id = t.id AND h.sale_count > 0),
         (SELECT min(c.day) FROM report_customer_days c WHERE c.tenant_id = t.id AND c.sale_count > 0 AND c.customer_id <> '00000000-0000-0000-0000-000000000000'::uuid),
         (SELECT max(c.day) FROM report_customer_days c WHERE c.tenant_id = t.id AND c.sale_count > 0 AND c.customer_id <> '00000000-0000-0000-0000-000000000000'::uuid)
    FROM (SELECT DISTINCT tenant_id AS id FROM changed_rows) t
  ON CONFLICT (tenant_id) DO UPDATE SET
    first_sale_day = excluded.first_sale_day, last_sale_day = excluded.last_sale_day,
    first_customer_sale_day = excluded.first_customer_sale_day, last_customer_sale_day = excluded.last_customer_sale_day
  WHERE (a.first_sale_day, a.last_sale_day, a.first_customer_sale_day, a.last_customer_sale_day)
        IS DISTINCT FROM (excluded.first_sale_day, excluded.last_sale_day, excluded.first_customer_sale_day, excluded.last_customer_sale_day);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_shop_activity_sale_hours_inserted AFTER INSERT ON report_sale_hours
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.shop_activity_refresh();
--> statement-breakpoint
CREATE TRIGGER report_summary_shop_activity_sale_hours_updated AFTER UPDATE ON report_sale_hours
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.shop_activity_refresh();
--> statement-breakpoint
CREATE TRIGGER report_summary_shop_activity_sale_hours_deleted AFTER DELETE ON report_sale_hours
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.shop_activity_refresh();
--> statement-breakpoint
CREATE TRIGGER report_summary_shop_activity_customer_days_inserted AFTER INSERT ON report_customer_days
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.shop_activity_refresh();
--> statement-breakpoint
CREATE TRIGGER report_summary_shop_activity_customer_days_updated AFTER UPDATE ON report_customer_days
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.shop_activity_refresh();
--> statement-breakpoint
CREATE TRIGGER report_summary_shop_activity_customer_days_deleted AFTER DELETE ON report_customer_days
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.shop_activity_refresh();
--> statement-breakpoint
-- Shops from before this migration, one at a time in each shop's scope (as in 0045).
DO $do$
DECLARE
  shop record;
BEGIN
  FOR shop IN SELECT t.id FROM tenants t LOOP
    PERFORM set_config('app.tenant_id', shop.id::text, true);
    INSERT INTO report_shop_activity (tenant_id, first_sale_day, last_sale_day, first_customer_sale_day, last_customer_sale_day)
    SELECT shop.id,
           (SELECT min(h.day) FROM report_sale_hours h WHERE h.tenant_id = shop.id AND h.sale_count > 0),
           (SELECT max(h.day) FROM report_sale_hours h WHERE h.tenant_id = shop.id AND h.sale_count > 0),
           (SELECT min(c.day) FROM report_customer_days c WHERE c.tenant_id = shop.id AND c.sale_count > 0 AND c.customer_id <> '00000000-0000-0000-0000-000000000000'::uuid),
           (SELECT max(c.day) FROM report_customer_days c WHERE c.tenant_id = shop.id AND c.sale_count > 0 AND c.customer_id <> '00000000-0000-0000-0000-000000000000'::uuid);
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$do$;
