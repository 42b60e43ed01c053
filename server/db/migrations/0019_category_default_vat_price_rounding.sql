ALTER TABLE "business_settings" ADD COLUMN "price_rounding_step" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_categories" ADD COLUMN "default_tax_class" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_price_rounding_step_check" CHECK ("business_settings"."price_rounding_step" in (0, 1, 5, 10));--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_default_tax_class_check" CHECK ("product_categories"."default_tax_class" in ('standard', 'reduced', 'zero_rated', 'exempt'));