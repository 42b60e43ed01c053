ALTER TABLE "business_settings" ADD COLUMN "receipt_header" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "receipt_footer" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "kra_pin" text;