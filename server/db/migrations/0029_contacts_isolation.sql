-- Tenant isolation for contacts, their ledgers, loyalty and gift cards
-- (docs/decisions/0003-composite-keys-and-rls.md, docs/decisions/0016-contact-ledgers-and-jobs.md).
SELECT app_private.enable_tenant_isolation('customer_groups');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('customer_group_prices');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('contact_accounts');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('account_entries');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('account_open_items');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('account_allocations');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('document_counters');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('contact_merges');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('contact_imports');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('loyalty_settings');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('loyalty_balances');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('loyalty_entries');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('gift_cards');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('gift_card_entries');
--> statement-breakpoint
-- The ledgers are history: the application role adds and reads. A merge moves a contact's entries
-- to the contact it is merged into, so contact_id alone may change.
REVOKE UPDATE, DELETE, TRUNCATE ON account_entries, loyalty_entries FROM dukani_app;
--> statement-breakpoint
GRANT UPDATE (contact_id) ON account_entries, loyalty_entries TO dukani_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON account_allocations, gift_card_entries, contact_merges FROM dukani_app;
--> statement-breakpoint
-- Open items only ever settle (open_minor falls) or move with a merge; they are never removed.
REVOKE DELETE, TRUNCATE ON account_open_items FROM dukani_app;
