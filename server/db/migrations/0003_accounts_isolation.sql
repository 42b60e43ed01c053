-- Tenant isolation for the accounts area (docs/decisions/0003-composite-keys-and-rls.md).
SELECT app_private.enable_tenant_isolation('tenant_users');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('contacts');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('user_activity_logs');
--> statement-breakpoint
-- Activity logs are append-only: the application role may add and read, never change or remove.
REVOKE UPDATE, DELETE ON user_activity_logs FROM dukani_app;
