-- Tenant isolation for CSV import records (docs/decisions/0003-composite-keys-and-rls.md).
SELECT app_private.enable_tenant_isolation('product_imports');
