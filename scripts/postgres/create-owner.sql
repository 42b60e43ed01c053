-- Run once as a PostgreSQL superuser (README: Production setup), naming the owner:
--   psql -v owner=dukani -v database=dukani -f scripts/postgres/create-owner.sql
-- The owner is the user in DATABASE_URL: it owns the tables and runs migrations, but it is no
-- superuser and does not bypass row-level security (docs/decisions/0012). Tenant work switches to
-- dukani_app, the console's reads across shops to dukani_platform_reader; the owner must be a
-- member of both. Run it again before a release that needs a new role (it changes nothing twice).
\set ON_ERROR_STOP on
SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE', :'owner')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'owner') \gexec
SELECT 'CREATE ROLE dukani_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE'
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dukani_app') \gexec
SELECT format('GRANT dukani_app TO %I', :'owner') \gexec
-- The platform console's read-only role across shops (migration 0053, docs/platform.md).
SELECT 'CREATE ROLE dukani_platform_reader NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE'
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dukani_platform_reader') \gexec
SELECT format('GRANT dukani_platform_reader TO %I', :'owner') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'database', :'owner')
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'database') \gexec
\connect :database
-- pg_catalog functions are per database: mark the search functions LEAKPROOF here, as migration
-- 0014 would if it ran as a superuser (docs/decisions/0010).
ALTER FUNCTION pg_catalog.lower(text) LEAKPROOF;
ALTER FUNCTION pg_catalog.upper(text) LEAKPROOF;
ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
