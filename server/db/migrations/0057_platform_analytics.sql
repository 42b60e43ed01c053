-- Issue 21, the Analytics page (docs/platform.md "Analytics"): across every shop, the sales
-- summaries (active shops, sales and transactions per day, the last sale day; customers served),
-- locations (more than one: multi-location in use), and the rows that show a feature or area in
-- use in a period (gift cards issued, loyalty entries, M-Pesa payments, goods received, expenses,
-- saved reports). Reads only, for the platform reader role only (its own policies; the shops'
-- queries plan as before).
SELECT app_private.allow_platform_read('report_sale_hours');
--> statement-breakpoint
SELECT app_private.allow_platform_read('report_customer_days');
--> statement-breakpoint
SELECT app_private.allow_platform_read('locations');
--> statement-breakpoint
SELECT app_private.allow_platform_read('gift_cards');
--> statement-breakpoint
SELECT app_private.allow_platform_read('loyalty_entries');
--> statement-breakpoint
SELECT app_private.allow_platform_read('mpesa_payments');
--> statement-breakpoint
SELECT app_private.allow_platform_read('goods_receipts');
--> statement-breakpoint
SELECT app_private.allow_platform_read('expenses');
--> statement-breakpoint
SELECT app_private.allow_platform_read('saved_reports');
