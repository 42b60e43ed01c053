-- Tenant isolation for transfer receipts (docs/decisions/0003-composite-keys-and-rls.md).
SELECT app_private.enable_tenant_isolation('stock_transfer_receipts');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('stock_transfer_receipt_lines');
