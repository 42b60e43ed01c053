-- What the tenant guard caches per app server (server/auth/tenant-access-cache.ts) is stamped with
-- tenants.access_version; these triggers raise it in the same transaction as any change to what it
-- checks, so another server sees the change on its next request, not after its cache expires.

-- Definer rights: the application role may only read tenants (0001_tenant_isolation.sql), yet a
-- membership or subscription change made in tenant scope must raise its tenant's stamp.
CREATE OR REPLACE FUNCTION app_private.raise_tenant_access_version() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE tenants SET access_version = access_version + 1 WHERE id = OLD.tenant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id) THEN
    UPDATE tenants SET access_version = access_version + 1 WHERE id = NEW.tenant_id;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_private.raise_tenant_access_version() FROM PUBLIC;
--> statement-breakpoint
-- Only the columns the guard reads: a member's last-seen or profile edits do not churn the stamp.
CREATE TRIGGER tenant_users_access_version
AFTER INSERT OR DELETE OR UPDATE OF tenant_id, user_id, role, is_active ON tenant_users
FOR EACH ROW EXECUTE FUNCTION app_private.raise_tenant_access_version();
--> statement-breakpoint
CREATE TRIGGER tenant_subscription_details_access_version
AFTER INSERT OR DELETE OR UPDATE OF tenant_id, status, trial_end, current_period_end, billing_plan_id ON tenant_subscription_details
FOR EACH ROW EXECUTE FUNCTION app_private.raise_tenant_access_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_private.raise_own_access_version() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.access_version := OLD.access_version + 1;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER tenants_status_access_version
BEFORE UPDATE OF status ON tenants
FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status)
EXECUTE FUNCTION app_private.raise_own_access_version();
