-- Tenant isolation for Idempotency-Key bindings (docs/decisions/0003-composite-keys-and-rls.md).
SELECT app_private.enable_tenant_isolation('request_keys');
--> statement-breakpoint
-- A binding is history: the application role adds and reads, never changes or removes one.
REVOKE UPDATE, DELETE ON request_keys FROM dukani_app;
