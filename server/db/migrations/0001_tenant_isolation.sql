-- Tenant isolation (docs/decisions/0003-composite-keys-and-rls.md).
-- drizzle-kit emits neither roles, grants, extensions nor forced policies, so they live here.

-- Roles are cluster-wide: tolerate the role already existing (several databases in one cluster).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dukani_app') THEN
    CREATE ROLE dukani_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END
$$;
--> statement-breakpoint
-- The migrating user must be able to SET ROLE dukani_app; superusers already can.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT dukani_app TO %I', current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'could not grant dukani_app to %: grant it by hand', current_user;
END
$$;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO dukani_app;
--> statement-breakpoint
-- Tenant work may read its own tenant row; platform tables are otherwise out of the app role's reach.
GRANT SELECT ON tenants TO dukani_app;
--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS app_private;
--> statement-breakpoint
-- Every tenant-owned table calls this once, in the migration that creates it.
CREATE OR REPLACE FUNCTION app_private.enable_tenant_isolation(target regclass) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', target);
  -- nullif: once a custom setting has been used in a session, an unset app.tenant_id reads as ''.
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s AS PERMISSIVE FOR ALL '
    'USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid) '
    'WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)',
    target);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO dukani_app', target);
END
$fn$;
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('business_settings');
--> statement-breakpoint
-- Spec §7 RPC get_tenant_by_domain: a usable tenant's id for a domain record, or null.
-- A custom domain counts only once verified, so nobody can claim another business's domain.
CREATE OR REPLACE FUNCTION public.get_tenant_by_domain(domain_name_param text) RETURNS uuid
LANGUAGE sql STABLE AS $fn$
  SELECT d.tenant_id
  FROM tenant_domains d
  JOIN tenants t ON t.id = d.tenant_id
  WHERE d.domain = lower(domain_name_param)
    AND t.status IN ('active', 'trial')
    AND (NOT d.is_custom_domain OR d.verified_at IS NOT NULL)
  LIMIT 1
$fn$;
