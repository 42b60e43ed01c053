-- A notification reaches the members holding the permission it concerns (issue 20,
-- docs/decisions/0024-permissions-and-team.md): low stock those who manage stock, billing those who
-- manage the subscription.
ALTER TABLE "notifications" ADD COLUMN "permission" text;--> statement-breakpoint
UPDATE "notifications" SET "permission" = CASE
	WHEN "kind" = 'low_stock' THEN 'inventory.manage'
	WHEN "kind" IN ('payment_completed', 'payment_failed') THEN 'billing.manage'
	WHEN "min_role" = 'admin' THEN 'settings.manage'
	WHEN "min_role" = 'manager' THEN 'reports.view'
	ELSE 'member'
END;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "permission" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "min_role";
