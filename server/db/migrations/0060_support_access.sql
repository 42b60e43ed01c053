CREATE TABLE "support_access_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	"handoff_token_hash" text,
	"handoff_expires_at" timestamp with time zone,
	"session_id" uuid,
	CONSTRAINT "support_access_grants_period_check" CHECK ("support_access_grants"."expires_at" > "support_access_grants"."started_at")
);
--> statement-breakpoint
ALTER TABLE "support_access_grants" ADD CONSTRAINT "support_access_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "support_access_grants_tenant_idx" ON "support_access_grants" USING btree ("tenant_id","started_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "support_access_grants_session_idx" ON "support_access_grants" USING btree ("session_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "support_access_grants_handoff_idx" ON "support_access_grants" USING btree ("handoff_token_hash");
