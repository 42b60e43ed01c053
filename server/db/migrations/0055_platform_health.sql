-- Issue 21, System Health and Database pages (docs/platform.md): the console counts, across every
-- shop, the messages waiting in communication_messages (SMS, WhatsApp, e-mail), and rows per shop
-- in products and stock_movements; and reads the job queue's depths. Reads only, for the platform
-- reader role only (its own policies; the shops' queries plan as before).
SELECT app_private.allow_platform_read('communication_messages');
--> statement-breakpoint
SELECT app_private.allow_platform_read('products');
--> statement-breakpoint
SELECT app_private.allow_platform_read('stock_movements');
--> statement-breakpoint
GRANT SELECT ON background_jobs TO dukani_platform_reader;
