-- Custom domains verified by a DNS TXT record (issue 21, docs/platform.md "Custom domains"):
-- the token the record must carry, and the last check's time and outcome. tenant_domains is a
-- platform table (no RLS); get_tenant_by_domain already answers only verified custom domains.
ALTER TABLE "tenant_domains" ADD COLUMN "verification_token" text;--> statement-breakpoint
ALTER TABLE "tenant_domains" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenant_domains" ADD COLUMN "last_check_error" text;--> statement-breakpoint
ALTER TABLE "tenant_domains" ADD CONSTRAINT "tenant_domains_last_check_error_check" CHECK ("tenant_domains"."last_check_error" in ('no_record', 'wrong_value', 'timeout', 'dns_error'));
