-- The by-product reports group a year of item days on the product itself (issue 18, decision
-- 0021): report_item_days carries the variant's product, which the triggers write with the row (a
-- variant never changes product). Existing rows take theirs from the variant.
ALTER TABLE "report_item_days" ADD COLUMN "product_id" uuid;
--> statement-breakpoint
UPDATE "report_item_days" d SET "product_id" = v."product_id" FROM "product_variants" v WHERE v."tenant_id" = d."tenant_id" AND v."id" = d."variant_id";
--> statement-breakpoint
ALTER TABLE "report_item_days" ALTER COLUMN "product_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_item_days" ADD CONSTRAINT "report_item_days_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "report_item_days_day_variant_idx";
--> statement-breakpoint
-- A period's item days (the by-product reports) read this index alone.
CREATE INDEX "report_item_days_day_variant_idx" ON "report_item_days" USING btree ("tenant_id", "day", "variant_id")
  INCLUDE ("product_id", "location_id", "tax_class", "sold_quantity", "sales_minor", "tax_minor", "cost_minor", "discount_minor", "returned_quantity", "returned_minor", "returned_tax_minor", "returned_cost_minor");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_private.report_summary_lines_added() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
BEGIN
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  INSERT INTO report_item_days AS d (tenant_id, day, location_id, variant_id, product_id, tax_class, sold_quantity, sales_minor, tax_minor, cost_minor, discount_minor, line_count)
  SELECT l.tenant_id, (s.created_at AT TIME ZONE zone)::date, s.location_id, l.variant_id, v.product_id, l.tax_class,
         sum(l.stock_quantity), sum(l.total_minor), sum(l.tax_minor), sum(l.cost_minor), sum(l.line_discount_minor + l.cart_discount_share_minor), count(*)
    FROM new_lines l JOIN sales s ON s.tenant_id = l.tenant_id AND s.id = l.sale_id
    JOIN product_variants v ON v.tenant_id = l.tenant_id AND v.id = l.variant_id
    WHERE s.status <> 'voided'
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, location_id, variant_id, tax_class) DO UPDATE SET
    sold_quantity = d.sold_quantity + excluded.sold_quantity,
    sales_minor = d.sales_minor + excluded.sales_minor,
    tax_minor = d.tax_minor + excluded.tax_minor,
    cost_minor = d.cost_minor + excluded.cost_minor,
    discount_minor = d.discount_minor + excluded.discount_minor,
    line_count = d.line_count + excluded.line_count;
  INSERT INTO report_sale_hours AS h (tenant_id, day, location_id, register_id, cashier_id, hour, cost_minor, sold_quantity)
  SELECT s.tenant_id, (s.created_at AT TIME ZONE zone)::date, s.location_id, s.register_id,
         coalesce(s.cashier_id, '00000000-0000-0000-0000-000000000000'::uuid), extract(hour FROM s.created_at AT TIME ZONE zone)::smallint,
         sum(l.cost_minor), sum(l.stock_quantity)
    FROM new_lines l JOIN sales s ON s.tenant_id = l.tenant_id AND s.id = l.sale_id
    WHERE s.status <> 'voided'
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, location_id, register_id, cashier_id, hour) DO UPDATE SET
    cost_minor = h.cost_minor + excluded.cost_minor,
    sold_quantity = h.sold_quantity + excluded.sold_quantity;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_private.report_summary_return_lines_added() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
BEGIN
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  INSERT INTO report_item_days AS d (tenant_id, day, location_id, variant_id, product_id, tax_class, returned_quantity, returned_minor, returned_tax_minor, returned_cost_minor)
  SELECT l.tenant_id, (r.created_at AT TIME ZONE zone)::date, r.location_id, l.variant_id, v.product_id, l.tax_class,
         sum(l.stock_quantity), sum(l.amount_minor), sum(l.tax_minor), sum(l.cost_minor)
    FROM new_lines l JOIN sale_returns r ON r.tenant_id = l.tenant_id AND r.id = l.return_id
    JOIN product_variants v ON v.tenant_id = l.tenant_id AND v.id = l.variant_id
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, location_id, variant_id, tax_class) DO UPDATE SET
    returned_quantity = d.returned_quantity + excluded.returned_quantity,
    returned_minor = d.returned_minor + excluded.returned_minor,
    returned_tax_minor = d.returned_tax_minor + excluded.returned_tax_minor,
    returned_cost_minor = d.returned_cost_minor + excluded.returned_cost_minor;
  INSERT INTO report_sale_hours AS h (tenant_id, day, location_id, register_id, cashier_id, hour, return_count, returned_minor, returned_tax_minor, returned_cost_minor, returned_quantity)
  SELECT r.tenant_id, (r.created_at AT TIME ZONE zone)::date, r.location_id, r.register_id,
         coalesce(r.cashier_id, '00000000-0000-0000-0000-000000000000'::uuid), extract(hour FROM r.created_at AT TIME ZONE zone)::smallint,
         count(DISTINCT r.id), sum(l.amount_minor), sum(l.tax_minor), sum(l.cost_minor), sum(l.stock_quantity)
    FROM new_lines l JOIN sale_returns r ON r.tenant_id = l.tenant_id AND r.id = l.return_id
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, location_id, register_id, cashier_id, hour) DO UPDATE SET
    return_count = h.return_count + excluded.return_count,
    returned_minor = h.returned_minor + excluded.returned_minor,
    returned_tax_minor = h.returned_tax_minor + excluded.returned_tax_minor,
    returned_cost_minor = h.returned_cost_minor + excluded.returned_cost_minor,
    returned_quantity = h.returned_quantity + excluded.returned_quantity;
  RETURN NULL;
END
$fn$;
