CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"user_id" uuid,
	"ip_address" text,
	"user_agent" text,
	"tenant_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_events_kind_check" CHECK ("security_events"."kind" in ('sign_in_failed', 'sign_in_succeeded', 'rate_limited', 'webhook_signature_failed'))
);
--> statement-breakpoint
CREATE INDEX "security_events_kind_created_idx" ON "security_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "security_events_email_trgm" ON "security_events" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "security_events_ip_address_trgm" ON "security_events" USING gin ("ip_address" gin_trgm_ops);
