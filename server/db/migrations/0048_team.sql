-- Team (issue 20, docs/decisions/0024-permissions-and-team.md): custom roles, who holds one, where
-- members may work, invitations. Written by hand in drizzle's shape; its snapshot is generated before it lands.
CREATE TABLE "team_invitations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"full_name" text NOT NULL,
	"role" text NOT NULL,
	"custom_role_id" uuid,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"method" text NOT NULL,
	"token_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invited_by" uuid,
	"user_id" uuid,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "team_invitations_method_check" CHECK ("team_invitations"."method" in ('link', 'temporary_password')),
	CONSTRAINT "team_invitations_status_check" CHECK ("team_invitations"."status" in ('pending', 'accepted', 'revoked')),
	CONSTRAINT "team_invitations_role_check" CHECK ("team_invitations"."role" in ('cashier', 'manager', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "team_member_locations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_member_locations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "team_member_roles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_member_roles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "team_roles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_discount_percent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_roles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "team_roles_discount_check" CHECK ("team_roles"."max_discount_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_tenant_id_custom_role_id_team_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","custom_role_id") REFERENCES "public"."team_roles"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_member_locations" ADD CONSTRAINT "team_member_locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_member_locations" ADD CONSTRAINT "team_member_locations_tenant_id_member_id_tenant_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_member_locations" ADD CONSTRAINT "team_member_locations_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_member_roles" ADD CONSTRAINT "team_member_roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_member_roles" ADD CONSTRAINT "team_member_roles_tenant_id_member_id_tenant_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_member_roles" ADD CONSTRAINT "team_member_roles_tenant_id_role_id_team_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."team_roles"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_roles" ADD CONSTRAINT "team_roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_unique" ON "team_invitations" USING btree ("tenant_id","token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_pending_email_unique" ON "team_invitations" USING btree ("tenant_id",lower("email")) WHERE "team_invitations"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "team_invitations_created_idx" ON "team_invitations" USING btree ("tenant_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_locations_unique" ON "team_member_locations" USING btree ("tenant_id","member_id","location_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "team_member_roles_member_unique" ON "team_member_roles" USING btree ("tenant_id","member_id");
--> statement-breakpoint
CREATE INDEX "team_member_roles_role_idx" ON "team_member_roles" USING btree ("tenant_id","role_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "team_roles_name_unique" ON "team_roles" USING btree ("tenant_id",lower("name"));
--> statement-breakpoint
-- Isolated like every tenant table.
SELECT app_private.enable_tenant_isolation('team_roles');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('team_member_roles');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('team_member_locations');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('team_invitations');
--> statement-breakpoint
-- What the route guard caches (server/auth/tenant-access-cache.ts) now includes a member's custom
-- role, its permissions and their locations: a change raises the shop's access version in the same
-- transaction (0026_tenant_access_triggers.sql), so it counts on the next request.
CREATE TRIGGER team_roles_access_version
AFTER DELETE OR UPDATE OF tenant_id, permissions, max_discount_percent ON team_roles
FOR EACH ROW EXECUTE FUNCTION app_private.raise_tenant_access_version();
--> statement-breakpoint
CREATE TRIGGER team_member_roles_access_version
AFTER INSERT OR DELETE OR UPDATE OF tenant_id, member_id, role_id ON team_member_roles
FOR EACH ROW EXECUTE FUNCTION app_private.raise_tenant_access_version();
--> statement-breakpoint
CREATE TRIGGER team_member_locations_access_version
AFTER INSERT OR DELETE OR UPDATE OF tenant_id, member_id, location_id ON team_member_locations
FOR EACH ROW EXECUTE FUNCTION app_private.raise_tenant_access_version();
