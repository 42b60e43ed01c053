CREATE TABLE "platform_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"severity" text NOT NULL,
	"link" text,
	"audience" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"email_owners" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"shop_count" integer DEFAULT 0 NOT NULL,
	"email_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "platform_announcements_severity_check" CHECK ("platform_announcements"."severity" in ('info', 'warning')),
	CONSTRAINT "platform_announcements_status_check" CHECK ("platform_announcements"."status" in ('queued', 'delivered', 'withdrawn'))
);
--> statement-breakpoint
CREATE INDEX "platform_announcements_created_idx" ON "platform_announcements" USING btree ("created_at");