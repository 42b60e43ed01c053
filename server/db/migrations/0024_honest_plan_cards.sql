-- Plan cards now list what each plan does from its entitlements, marking what is not built yet
-- "coming soon" (core/billing/plan-offer.rules.ts, docs/decisions/0009). billing_plans.features keeps
-- only a card's extras. The seeded bullets sold areas not built yet (accounting, SMS, staff roles…),
-- so they are replaced where they are still as seeded; an operator's own wording is left alone.
UPDATE billing_plans SET features = '[]'::jsonb, updated_at = now()
  WHERE name = 'Starter' AND period = 'monthly' AND features = '["Point of sale and inventory", "2 branches, 10 staff, 1,000 products", "Sales and stock reports", "Staff roles", "E-mail support"]'::jsonb;
--> statement-breakpoint
UPDATE billing_plans SET features = '["2 months free"]'::jsonb, updated_at = now()
  WHERE name = 'Starter' AND period = 'yearly' AND features = '["Point of sale and inventory", "2 branches, 10 staff, 1,000 products", "Sales and stock reports", "Staff roles", "E-mail support", "2 months free"]'::jsonb;
--> statement-breakpoint
UPDATE billing_plans SET features = '[]'::jsonb, updated_at = now()
  WHERE name = 'Professional' AND period = 'monthly' AND features = '["Everything in Starter", "5 branches, unlimited staff, 5,000 products", "Accounting and VAT returns", "Loyalty, gift cards, SMS and WhatsApp", "Bulk import and export", "Priority support"]'::jsonb;
--> statement-breakpoint
UPDATE billing_plans SET features = '["2 months free"]'::jsonb, updated_at = now()
  WHERE name = 'Professional' AND period = 'yearly' AND features = '["Everything in Starter", "5 branches, unlimited staff, 5,000 products", "Accounting and VAT returns", "Loyalty, gift cards, SMS and WhatsApp", "Bulk import and export", "Priority support", "2 months free"]'::jsonb;
--> statement-breakpoint
UPDATE billing_plans SET features = '[]'::jsonb, updated_at = now()
  WHERE name = 'Enterprise' AND period = 'monthly' AND features = '["Everything in Professional", "Unlimited branches, staff and products", "Your own domain and branding", "Phone support and an account manager", "SLA"]'::jsonb;
--> statement-breakpoint
UPDATE billing_plans SET features = '["2 months free"]'::jsonb, updated_at = now()
  WHERE name = 'Enterprise' AND period = 'yearly' AND features = '["Everything in Professional", "Unlimited branches, staff and products", "Your own domain and branding", "Phone support and an account manager", "SLA", "2 months free"]'::jsonb;
