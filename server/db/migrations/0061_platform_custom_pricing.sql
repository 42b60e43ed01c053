-- Issue 21, custom pricing (docs/platform.md "Custom pricing"): MRR takes each paying shop's price
-- through get_tenant_effective_pricing, which reads tenant_custom_pricing; the platform reader
-- may read it (its own policy, as migration 0053 opened the other tables).
SELECT app_private.allow_platform_read('tenant_custom_pricing');
