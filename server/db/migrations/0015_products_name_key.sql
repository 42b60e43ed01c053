DROP INDEX "products_name_order";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower("products"."name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_order" ON "products" USING btree ("tenant_id","status","name_key","id");