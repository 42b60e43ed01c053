CREATE TABLE "mpesa_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"trans_id" text NOT NULL,
	"source" text NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"amount_minor" integer NOT NULL,
	"msisdn" text,
	"payer_name" text,
	"trans_time" timestamp with time zone NOT NULL,
	"bill_ref" text,
	"business_short_code" text,
	"settings_id" uuid,
	"stk_request_id" uuid,
	"status" text DEFAULT 'unallocated' NOT NULL,
	"allocated_type" text,
	"allocated_id" uuid,
	"allocated_at" timestamp with time zone,
	"deposit_minor" integer DEFAULT 0 NOT NULL,
	"deposit_contact_id" uuid,
	"dispute_note" text,
	"raw" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "mpesa_payments_source_check" CHECK ("mpesa_payments"."source" in ('stk', 'c2b', 'status_query')),
	CONSTRAINT "mpesa_payments_status_check" CHECK ("mpesa_payments"."status" in ('unallocated', 'allocated', 'disputed')),
	CONSTRAINT "mpesa_payments_amount_check" CHECK ("mpesa_payments"."amount_minor" > 0 and "mpesa_payments"."deposit_minor" >= 0 and "mpesa_payments"."deposit_minor" <= "mpesa_payments"."amount_minor"),
	CONSTRAINT "mpesa_payments_trans_id_check" CHECK ("mpesa_payments"."trans_id" ~ '^[A-Z0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "mpesa_settings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid,
	"shortcode_type" text DEFAULT 'till' NOT NULL,
	"shortcode" text,
	"till_number" text,
	"consumer_key_sealed" text,
	"consumer_secret_sealed" text,
	"passkey_sealed" text,
	"initiator_name" text,
	"security_credential_sealed" text,
	"environment" text DEFAULT 'sandbox' NOT NULL,
	"callback_token_hash" text NOT NULL,
	"callback_token_sealed" text NOT NULL,
	"c2b_registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_settings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "mpesa_settings_shortcode_type_check" CHECK ("mpesa_settings"."shortcode_type" in ('till', 'paybill')),
	CONSTRAINT "mpesa_settings_environment_check" CHECK ("mpesa_settings"."environment" in ('sandbox', 'production'))
);
--> statement-breakpoint
CREATE TABLE "mpesa_status_queries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"trans_id" text NOT NULL,
	"settings_id" uuid,
	"originator_conversation_id" text,
	"conversation_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"result_code" integer,
	"result_desc" text,
	"payment_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_status_queries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "mpesa_status_queries_status_check" CHECK ("mpesa_status_queries"."status" in ('pending', 'found', 'not_found', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "mpesa_stk_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_hash" text NOT NULL,
	"settings_id" uuid,
	"location_id" uuid NOT NULL,
	"register_id" uuid,
	"shift_id" uuid,
	"user_id" uuid,
	"phone" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"account_reference" text NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"merchant_request_id" text,
	"checkout_request_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"result_code" integer,
	"result_desc" text,
	"receipt_number" text,
	"pushed_at" timestamp with time zone,
	"last_query_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_stk_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "mpesa_stk_requests_status_check" CHECK ("mpesa_stk_requests"."status" in ('pending', 'paid', 'failed', 'cancelled', 'timed_out', 'abandoned')),
	CONSTRAINT "mpesa_stk_requests_amount_check" CHECK ("mpesa_stk_requests"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_tenant_id_settings_id_mpesa_settings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","settings_id") REFERENCES "public"."mpesa_settings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_tenant_id_stk_request_id_mpesa_stk_requests_tenant_id_id_fk" FOREIGN KEY ("tenant_id","stk_request_id") REFERENCES "public"."mpesa_stk_requests"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_tenant_id_deposit_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","deposit_contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_settings" ADD CONSTRAINT "mpesa_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_settings" ADD CONSTRAINT "mpesa_settings_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_status_queries" ADD CONSTRAINT "mpesa_status_queries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_status_queries" ADD CONSTRAINT "mpesa_status_queries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_status_queries" ADD CONSTRAINT "mpesa_status_queries_tenant_id_settings_id_mpesa_settings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","settings_id") REFERENCES "public"."mpesa_settings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_status_queries" ADD CONSTRAINT "mpesa_status_queries_tenant_id_payment_id_mpesa_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."mpesa_payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_stk_requests" ADD CONSTRAINT "mpesa_stk_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_stk_requests" ADD CONSTRAINT "mpesa_stk_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_stk_requests" ADD CONSTRAINT "mpesa_stk_requests_tenant_id_settings_id_mpesa_settings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","settings_id") REFERENCES "public"."mpesa_settings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_stk_requests" ADD CONSTRAINT "mpesa_stk_requests_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_stk_requests" ADD CONSTRAINT "mpesa_stk_requests_tenant_id_register_id_registers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","register_id") REFERENCES "public"."registers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_stk_requests" ADD CONSTRAINT "mpesa_stk_requests_tenant_id_shift_id_shifts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","shift_id") REFERENCES "public"."shifts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_trans_id_unique" ON "mpesa_payments" USING btree ("tenant_id","trans_id");--> statement-breakpoint
CREATE INDEX "mpesa_payments_time_idx" ON "mpesa_payments" USING btree ("tenant_id","trans_time");--> statement-breakpoint
CREATE INDEX "mpesa_payments_unallocated_idx" ON "mpesa_payments" USING btree ("tenant_id","trans_time") WHERE "mpesa_payments"."status" = 'unallocated';--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_settings_scope_unique" ON "mpesa_settings" USING btree ("tenant_id",coalesce("location_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_status_queries_conversation_unique" ON "mpesa_status_queries" USING btree ("tenant_id","originator_conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_stk_requests_checkout_unique" ON "mpesa_stk_requests" USING btree ("tenant_id","checkout_request_id");--> statement-breakpoint
CREATE INDEX "mpesa_stk_requests_created_idx" ON "mpesa_stk_requests" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- M-Pesa (issue 19, docs/decisions/0022-mpesa-daraja.md): isolated like every tenant table.
SELECT app_private.enable_tenant_isolation('mpesa_settings');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('mpesa_stk_requests');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('mpesa_payments');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('mpesa_status_queries');
--> statement-breakpoint
-- A payment received is history: only its allocation and dispute move. Prompts and queries move
-- forward but are never deleted (the reconciliation reads them).
REVOKE UPDATE, DELETE, TRUNCATE ON mpesa_payments FROM dukani_app;
--> statement-breakpoint
GRANT UPDATE (status, allocated_type, allocated_id, allocated_at, deposit_minor, deposit_contact_id, dispute_note, updated_at) ON mpesa_payments TO dukani_app;
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON mpesa_stk_requests, mpesa_status_queries FROM dukani_app;
