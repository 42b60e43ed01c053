-- Tenant isolation for purchases and expenses (docs/decisions/0003-composite-keys-and-rls.md,
-- docs/decisions/0019-purchases-on-the-ledgers.md).
SELECT app_private.enable_tenant_isolation('purchase_orders');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('purchase_order_lines');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('goods_receipts');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('goods_receipt_lines');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('expense_categories');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('supplier_bills');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('supplier_returns');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('supplier_return_lines');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('recurring_expenses');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('expenses');
--> statement-breakpoint
-- Receipts, bills and returns are history: the application role adds and reads. A receipt line's
-- returned quantity only rises (by a conditional UPDATE, the check is the backstop).
REVOKE UPDATE, DELETE, TRUNCATE ON goods_receipts, supplier_bills, supplier_returns, supplier_return_lines FROM dukani_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON goods_receipt_lines FROM dukani_app;
--> statement-breakpoint
GRANT UPDATE (returned_quantity) ON goods_receipt_lines TO dukani_app;
--> statement-breakpoint
-- A mistaken expense is voided (who, when, why), never changed or deleted.
REVOKE UPDATE, DELETE, TRUNCATE ON expenses FROM dukani_app;
--> statement-breakpoint
GRANT UPDATE (voided_at, voided_by, void_reason) ON expenses TO dukani_app;
