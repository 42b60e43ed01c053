-- Row-level security evaluates a query's own conditions after the tenant policy unless their
-- functions are LEAKPROOF, and then no index can serve them: name and SKU search (lower/upper +
-- LIKE on trigram and expression indexes) read a tenant's whole catalog. These three functions
-- raise no error that depends on a row's value (LIKE errors only on a malformed pattern, which is
-- the caller's own input), so marking them LEAKPROOF leaks nothing across tenants
-- (docs/decisions/0010-stock-ledger.md). It needs a superuser: on a server where migrations run
-- as an ordinary owner, a database administrator runs these three lines once; search still works
-- without them, only slower.
DO $$
BEGIN
  ALTER FUNCTION pg_catalog.lower(text) LEAKPROOF;
  ALTER FUNCTION pg_catalog.upper(text) LEAKPROOF;
  ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'Not a superuser: run ALTER FUNCTION pg_catalog.lower(text) LEAKPROOF (and upper(text), textlike(text, text)) as one for fast product search';
END
$$;
