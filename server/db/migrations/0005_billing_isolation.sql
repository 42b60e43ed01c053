-- Billing: tenant isolation, the app role's read access to plans, the plans themselves,
-- the trial length, and get_tenant_effective_pricing (spec §7).
SELECT app_private.enable_tenant_isolation('tenant_subscription_details');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('payment_history');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('tenant_custom_pricing');
--> statement-breakpoint
-- Payments are history: the app role may add and update a payment's status, never delete one.
REVOKE DELETE ON payment_history FROM dukani_app;
--> statement-breakpoint
GRANT SELECT ON billing_plans, platform_settings TO dukani_app;
--> statement-breakpoint
-- Plans in KES minor units (docs/decisions/0009-billing-and-plans.md). Yearly = 10 months' price.
INSERT INTO billing_plans (name, price_minor, currency, period, features, popularity, badge) VALUES
  ('Starter', 150000, 'KES', 'monthly', '["Point of sale and inventory", "2 branches, 10 staff, 1,000 products", "Sales and stock reports", "Staff roles", "E-mail support"]', 20, NULL),
  ('Starter', 1500000, 'KES', 'yearly', '["Point of sale and inventory", "2 branches, 10 staff, 1,000 products", "Sales and stock reports", "Staff roles", "E-mail support", "2 months free"]', 15, NULL),
  ('Professional', 350000, 'KES', 'monthly', '["Everything in Starter", "5 branches, unlimited staff, 5,000 products", "Accounting and VAT returns", "Loyalty, gift cards, SMS and WhatsApp", "Bulk import and export", "Priority support"]', 40, 'Most popular'),
  ('Professional', 3500000, 'KES', 'yearly', '["Everything in Starter", "5 branches, unlimited staff, 5,000 products", "Accounting and VAT returns", "Loyalty, gift cards, SMS and WhatsApp", "Bulk import and export", "Priority support", "2 months free"]', 35, 'Best value'),
  ('Enterprise', 800000, 'KES', 'monthly', '["Everything in Professional", "Unlimited branches, staff and products", "Your own domain and branding", "Phone support and an account manager", "SLA"]', 10, NULL),
  ('Enterprise', 8000000, 'KES', 'yearly', '["Everything in Professional", "Unlimited branches, staff and products", "Your own domain and branding", "Phone support and an account manager", "SLA", "2 months free"]', 5, NULL)
ON CONFLICT (name, period) DO NOTHING;
--> statement-breakpoint
INSERT INTO platform_settings (key, value) VALUES ('trial_days', '14') ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- A tenant's price for a plan: its active, effective, unexpired custom price if any, else the
-- plan's; plus the setup fee. Runs in the caller's tenant scope, so RLS limits it to that tenant.
CREATE OR REPLACE FUNCTION public.get_tenant_effective_pricing(p_tenant_id uuid, p_billing_plan_id uuid)
RETURNS TABLE (price_minor integer, setup_fee_minor integer, is_custom boolean)
LANGUAGE sql STABLE AS $fn$
  SELECT coalesce(cp.price_minor, p.price_minor), coalesce(cp.setup_fee_minor, 0), cp.id IS NOT NULL
  FROM billing_plans p
  LEFT JOIN LATERAL (
    SELECT c.id, c.price_minor, c.setup_fee_minor
    FROM tenant_custom_pricing c
    WHERE c.tenant_id = p_tenant_id AND c.billing_plan_id = p.id AND c.is_active
      AND c.effective_date <= now() AND (c.expires_at IS NULL OR c.expires_at > now())
    ORDER BY c.effective_date DESC
    LIMIT 1
  ) cp ON true
  WHERE p.id = p_billing_plan_id
$fn$;
