DROP INDEX "products_name_trgm";--> statement-breakpoint
CREATE INDEX "products_name_key_trgm" ON "products" USING gin ("name_key" gin_trgm_ops);