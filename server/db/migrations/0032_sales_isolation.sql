-- Tenant isolation for the register and sales (docs/decisions/0003-composite-keys-and-rls.md,
-- docs/decisions/0017-sales-exactly-once.md).
SELECT app_private.enable_tenant_isolation('sales_settings');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('registers');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('approvals');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('approval_pins');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('shifts');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('shift_cash_movements');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('sales');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('sale_lines');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('sale_payments');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('mpesa_codes');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('sale_returns');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('sale_return_lines');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('sale_refunds');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('parked_carts');
--> statement-breakpoint
-- Documents are history: the application role adds and reads. A sale's status, void columns and
-- a line's returned quantity move forward; an approval is marked used once; a shift closes once.
REVOKE UPDATE, DELETE, TRUNCATE ON sales, sale_lines, sale_payments, mpesa_codes, sale_returns, sale_return_lines, sale_refunds, shift_cash_movements, approvals FROM dukani_app;
--> statement-breakpoint
GRANT UPDATE (status, voided_at, voided_by, void_reason, void_approval_id, updated_at) ON sales TO dukani_app;
--> statement-breakpoint
GRANT UPDATE (returned_quantity) ON sale_lines TO dukani_app;
--> statement-breakpoint
GRANT UPDATE (used_by_type, used_by_id, used_at) ON approvals TO dukani_app;
--> statement-breakpoint
GRANT UPDATE (exchange_sale_id, updated_at) ON sale_returns TO dukani_app;
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON shifts, registers FROM dukani_app;
--> statement-breakpoint
-- The M-Pesa codes the shop already accepted on account payments (issue 14) join the registry.
INSERT INTO mpesa_codes (tenant_id, code, source_type, source_id)
SELECT tenant_id, reference, 'account_entry', id FROM account_entries
WHERE method = 'mpesa' AND reference ~ '^[A-Z0-9]{10}$'
ON CONFLICT DO NOTHING;
