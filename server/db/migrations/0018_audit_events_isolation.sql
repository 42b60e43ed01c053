-- Tenant isolation for the audit trail (docs/decisions/0003-composite-keys-and-rls.md).
SELECT app_private.enable_tenant_isolation('audit_events');
--> statement-breakpoint
-- Append-only, like stock_movements: the application role may add and read, never change or remove.
REVOKE UPDATE, DELETE ON audit_events FROM dukani_app;
