-- Tenant isolation for notifications (docs/decisions/0003-composite-keys-and-rls.md).
SELECT app_private.enable_tenant_isolation('notifications');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('notification_reads');
