-- Every existing shop gets its default location before isolation applies (docs/decisions/0010-stock-ledger.md).
INSERT INTO locations (tenant_id, name, is_default) SELECT id, 'Main shop', true FROM tenants;
--> statement-breakpoint
-- and the units every new shop starts with (core/products/products.schemas.ts DEFAULT_UNITS).
INSERT INTO units (tenant_id, name, short_name, allows_decimals)
SELECT t.id, u.name, u.short_name, u.allows_decimals
FROM tenants t CROSS JOIN (VALUES ('Piece', 'pc', false), ('Kilogram', 'kg', true), ('Litre', 'l', true), ('Metre', 'm', true)) AS u(name, short_name, allows_decimals);
--> statement-breakpoint
-- Tenant isolation for the products and inventory area (docs/decisions/0003-composite-keys-and-rls.md).
SELECT app_private.enable_tenant_isolation('product_categories');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('brands');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('units');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('products');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('product_variants');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('product_barcodes');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('product_price_tiers');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('combo_components');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('locations');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('stock_levels');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('stock_movements');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('stock_adjustments');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('stock_transfers');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('stock_transfer_lines');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('stock_takes');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('stock_take_lines');
--> statement-breakpoint
-- The stock ledger is append-only: corrections are new movements, never edits.
REVOKE UPDATE, DELETE, TRUNCATE ON stock_movements FROM dukani_app;
