-- The reports' summaries (issue 18, docs/decisions/0021-report-summaries.md): isolated like every
-- tenant table, and kept current by statement-level triggers on the sale documents, so the
-- statement that writes a sale (its lines and payments), a return (its lines, its refunds) or a
-- void also adds it to the summaries, with no round trip of its own. A day and an hour are the
-- shop's (business_settings.time_zone) at the document's created_at, as server/reports/summaries.ts
-- recomputes them. Every trigger first takes the shop's summary lock, held to the commit: the
-- statements of one document upsert several summary rows (hours, items, tenders) in an order that
-- differs between a sale, a return and a void, so two documents must not hold some of them each
-- (a deadlock); sales already take turns at the receipt counter, so this costs them no waiting. A
-- rebuild takes the same lock, so it never misses a document written while it reads.
SELECT app_private.enable_tenant_isolation('report_item_days');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('report_sale_hours');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('report_tender_days');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('saved_reports');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('report_settings');
--> statement-breakpoint
-- A variant's sales by day over a period (the by-product reports) read this index alone.
CREATE INDEX "report_item_days_day_variant_idx" ON "report_item_days" USING btree ("tenant_id", "day", "variant_id")
  INCLUDE ("location_id", "tax_class", "sold_quantity", "sales_minor", "tax_minor", "cost_minor", "discount_minor", "returned_quantity", "returned_minor", "returned_tax_minor", "returned_cost_minor");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_private.report_summary_sales_added() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
BEGIN
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  INSERT INTO report_sale_hours AS h (tenant_id, day, location_id, register_id, cashier_id, hour, sale_count, sales_minor, tax_minor, discount_minor, tip_minor)
  SELECT s.tenant_id, (s.created_at AT TIME ZONE zone)::date, s.location_id, s.register_id,
         coalesce(s.cashier_id, '00000000-0000-0000-0000-000000000000'::uuid), extract(hour FROM s.created_at AT TIME ZONE zone)::smallint,
         count(*), sum(s.total_minor - s.tip_minor), sum(s.tax_minor), sum(s.discount_minor), sum(s.tip_minor)
    FROM new_sales s
    WHERE s.status <> 'voided'
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, location_id, register_id, cashier_id, hour) DO UPDATE SET
    sale_count = h.sale_count + excluded.sale_count,
    sales_minor = h.sales_minor + excluded.sales_minor,
    tax_minor = h.tax_minor + excluded.tax_minor,
    discount_minor = h.discount_minor + excluded.discount_minor,
    tip_minor = h.tip_minor + excluded.tip_minor;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_sales_added AFTER INSERT ON sales
  REFERENCING NEW TABLE AS new_sales FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_summary_sales_added();
--> statement-breakpoint
-- The lines of sales (their sale is written in the same statement or before): the item days, and
-- the hour's cost and quantity.
CREATE OR REPLACE FUNCTION app_private.report_summary_lines_added() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
BEGIN
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  INSERT INTO report_item_days AS d (tenant_id, day, location_id, variant_id, tax_class, sold_quantity, sales_minor, tax_minor, cost_minor, discount_minor, line_count)
  SELECT l.tenant_id, (s.created_at AT TIME ZONE zone)::date, s.location_id, l.variant_id, l.tax_class,
         sum(l.stock_quantity), sum(l.total_minor), sum(l.tax_minor), sum(l.cost_minor), sum(l.line_discount_minor + l.cart_discount_share_minor), count(*)
    FROM new_lines l JOIN sales s ON s.tenant_id = l.tenant_id AND s.id = l.sale_id
    WHERE s.status <> 'voided'
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
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
CREATE TRIGGER report_summary_lines_added AFTER INSERT ON sale_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_summary_lines_added();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_private.report_summary_payments_added() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
BEGIN
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  INSERT INTO report_tender_days AS t (tenant_id, day, location_id, tender, payment_count, paid_minor)
  SELECT p.tenant_id, (s.created_at AT TIME ZONE zone)::date, s.location_id, p.tender, count(*), sum(p.amount_minor)
    FROM new_payments p JOIN sales s ON s.tenant_id = p.tenant_id AND s.id = p.sale_id
    WHERE s.status <> 'voided'
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, day, location_id, tender) DO UPDATE SET
    payment_count = t.payment_count + excluded.payment_count,
    paid_minor = t.paid_minor + excluded.paid_minor;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_payments_added AFTER INSERT ON sale_payments
  REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_summary_payments_added();
--> statement-breakpoint
-- A return's lines (the return itself is written first): on the return's day, at its register.
CREATE OR REPLACE FUNCTION app_private.report_summary_return_lines_added() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
BEGIN
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  INSERT INTO report_item_days AS d (tenant_id, day, location_id, variant_id, tax_class, returned_quantity, returned_minor, returned_tax_minor, returned_cost_minor)
  SELECT l.tenant_id, (r.created_at AT TIME ZONE zone)::date, r.location_id, l.variant_id, l.tax_class,
         sum(l.stock_quantity), sum(l.amount_minor), sum(l.tax_minor), sum(l.cost_minor)
    FROM new_lines l JOIN sale_returns r ON r.tenant_id = l.tenant_id AND r.id = l.return_id
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
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
--> statement-breakpoint
CREATE TRIGGER report_summary_return_lines_added AFTER INSERT ON sale_return_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_summary_return_lines_added();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_private.report_summary_refunds_added() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
BEGIN
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  INSERT INTO report_tender_days AS t (tenant_id, day, location_id, tender, refund_count, refunded_minor)
  SELECT f.tenant_id, (r.created_at AT TIME ZONE zone)::date, r.location_id, f.tender, count(*), sum(f.amount_minor)
    FROM new_refunds f JOIN sale_returns r ON r.tenant_id = f.tenant_id AND r.id = f.return_id
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, day, location_id, tender) DO UPDATE SET
    refund_count = t.refund_count + excluded.refund_count,
    refunded_minor = t.refunded_minor + excluded.refunded_minor;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_refunds_added AFTER INSERT ON sale_refunds
  REFERENCING NEW TABLE AS new_refunds FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_summary_refunds_added();
--> statement-breakpoint
-- A void takes the sale out of its day, as if it had never been rung up (the voids report lists it).
CREATE OR REPLACE FUNCTION app_private.report_summary_sales_voided() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  zone text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_sales n JOIN old_sales o ON o.tenant_id = n.tenant_id AND o.id = n.id WHERE n.status = 'voided' AND o.status <> 'voided') THEN
    RETURN NULL;
  END IF;
  zone := coalesce((SELECT bs.time_zone FROM business_settings bs LIMIT 1), 'Africa/Nairobi');
  PERFORM pg_advisory_xact_lock(1518001, hashtext(coalesce(current_setting('app.tenant_id', true), '')));
  UPDATE report_sale_hours h SET
    sale_count = h.sale_count - v.sale_count,
    sales_minor = h.sales_minor - v.sales_minor,
    tax_minor = h.tax_minor - v.tax_minor,
    discount_minor = h.discount_minor - v.discount_minor,
    tip_minor = h.tip_minor - v.tip_minor,
    cost_minor = h.cost_minor - v.cost_minor,
    sold_quantity = h.sold_quantity - v.sold_quantity
  FROM (
    SELECT x.tenant_id, x.day, x.location_id, x.register_id, x.cashier_id, x.hour, count(*) AS sale_count, sum(x.total_minor - x.tip_minor) AS sales_minor,
           sum(x.tax_minor) AS tax_minor, sum(x.discount_minor) AS discount_minor, sum(x.tip_minor) AS tip_minor,
           sum(coalesce(lines.cost_minor, 0)) AS cost_minor, sum(coalesce(lines.sold_quantity, 0)) AS sold_quantity
      FROM (SELECT o.tenant_id, o.id, (o.created_at AT TIME ZONE zone)::date AS day, o.location_id, o.register_id,
                 coalesce(o.cashier_id, '00000000-0000-0000-0000-000000000000'::uuid) AS cashier_id,
                 extract(hour FROM o.created_at AT TIME ZONE zone)::smallint AS hour, o.total_minor, o.tip_minor, o.tax_minor, o.discount_minor
            FROM new_sales n JOIN old_sales o ON o.tenant_id = n.tenant_id AND o.id = n.id
            WHERE n.status = 'voided' AND o.status <> 'voided') x
      LEFT JOIN LATERAL (SELECT sum(l.cost_minor) AS cost_minor, sum(l.stock_quantity) AS sold_quantity FROM sale_lines l WHERE l.tenant_id = x.tenant_id AND l.sale_id = x.id) lines ON true
      GROUP BY 1, 2, 3, 4, 5, 6
  ) v
  WHERE h.tenant_id = v.tenant_id AND h.day = v.day AND h.location_id = v.location_id AND h.register_id = v.register_id AND h.cashier_id = v.cashier_id AND h.hour = v.hour;
  UPDATE report_item_days d SET
    sold_quantity = d.sold_quantity - v.sold_quantity,
    sales_minor = d.sales_minor - v.sales_minor,
    tax_minor = d.tax_minor - v.tax_minor,
    cost_minor = d.cost_minor - v.cost_minor,
    discount_minor = d.discount_minor - v.discount_minor,
    line_count = d.line_count - v.line_count
  FROM (
    SELECT x.tenant_id, x.day, x.location_id, l.variant_id, l.tax_class, sum(l.stock_quantity) AS sold_quantity, sum(l.total_minor) AS sales_minor, sum(l.tax_minor) AS tax_minor,
           sum(l.cost_minor) AS cost_minor, sum(l.line_discount_minor + l.cart_discount_share_minor) AS discount_minor, count(*) AS line_count
      FROM (SELECT o.tenant_id, o.id, (o.created_at AT TIME ZONE zone)::date AS day, o.location_id, o.register_id,
                 coalesce(o.cashier_id, '00000000-0000-0000-0000-000000000000'::uuid) AS cashier_id,
                 extract(hour FROM o.created_at AT TIME ZONE zone)::smallint AS hour, o.total_minor, o.tip_minor, o.tax_minor, o.discount_minor
            FROM new_sales n JOIN old_sales o ON o.tenant_id = n.tenant_id AND o.id = n.id
            WHERE n.status = 'voided' AND o.status <> 'voided') x JOIN sale_lines l ON l.tenant_id = x.tenant_id AND l.sale_id = x.id
      GROUP BY 1, 2, 3, 4, 5
  ) v
  WHERE d.tenant_id = v.tenant_id AND d.day = v.day AND d.location_id = v.location_id AND d.variant_id = v.variant_id AND d.tax_class = v.tax_class;
  UPDATE report_tender_days t SET
    payment_count = t.payment_count - v.payment_count,
    paid_minor = t.paid_minor - v.paid_minor
  FROM (
    SELECT x.tenant_id, x.day, x.location_id, p.tender, count(*) AS payment_count, sum(p.amount_minor) AS paid_minor
      FROM (SELECT o.tenant_id, o.id, (o.created_at AT TIME ZONE zone)::date AS day, o.location_id, o.register_id,
                 coalesce(o.cashier_id, '00000000-0000-0000-0000-000000000000'::uuid) AS cashier_id,
                 extract(hour FROM o.created_at AT TIME ZONE zone)::smallint AS hour, o.total_minor, o.tip_minor, o.tax_minor, o.discount_minor
            FROM new_sales n JOIN old_sales o ON o.tenant_id = n.tenant_id AND o.id = n.id
            WHERE n.status = 'voided' AND o.status <> 'voided') x JOIN sale_payments p ON p.tenant_id = x.tenant_id AND p.sale_id = x.id
      GROUP BY 1, 2, 3, 4
  ) v
  WHERE t.tenant_id = v.tenant_id AND t.day = v.day AND t.location_id = v.location_id AND t.tender = v.tender;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER report_summary_sales_voided AFTER UPDATE ON sales
  REFERENCING OLD TABLE AS old_sales NEW TABLE AS new_sales FOR EACH STATEMENT EXECUTE FUNCTION app_private.report_summary_sales_voided();
