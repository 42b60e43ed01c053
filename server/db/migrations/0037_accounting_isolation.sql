-- The general ledger's isolation and integrity (docs/decisions/0020-the-general-ledger.md).
SELECT app_private.enable_tenant_isolation('ledger_accounts');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('journal_entries');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('journal_lines');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('accounting_settings');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('recurring_journals');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('recurring_journal_runs');
--> statement-breakpoint
SELECT app_private.enable_tenant_isolation('inventory_book_values');
--> statement-breakpoint
-- Entries are history: a correction is a reversing entry, never a change.
REVOKE UPDATE, DELETE, TRUNCATE ON journal_entries, journal_lines, recurring_journal_runs FROM dukani_app;
--> statement-breakpoint
-- Reports read an account's lines over a period from the index alone.
DROP INDEX "journal_lines_account_date_idx";
--> statement-breakpoint
CREATE INDEX "journal_lines_account_date_idx" ON "journal_lines" USING btree ("tenant_id", "account_id", "entry_date") INCLUDE ("debit_minor", "credit_minor", "location_id");
--> statement-breakpoint
-- An entry balances (Σ debits = Σ credits over at least two lines, all on the entry's day), checked
-- when the transaction commits, so its lines may be written after it; a line added to an entry
-- later is checked the same way.
CREATE OR REPLACE FUNCTION app_private.check_journal_entry_balances() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  target_tenant uuid := NEW.tenant_id;
  target_entry uuid;
  difference bigint;
  line_count integer;
  other_days integer;
  entry_number integer;
BEGIN
  -- Each branch names only its own table's column (plpgsql plans a branch when it runs).
  IF TG_TABLE_NAME = 'journal_entries' THEN
    target_entry := NEW.id;
  ELSE
    target_entry := NEW.entry_id;
  END IF;
  SELECT e.number,
         (SELECT coalesce(sum(l.debit_minor - l.credit_minor), 0) FROM journal_lines l WHERE l.tenant_id = e.tenant_id AND l.entry_id = e.id),
         (SELECT count(*) FROM journal_lines l WHERE l.tenant_id = e.tenant_id AND l.entry_id = e.id),
         (SELECT count(*) FROM journal_lines l WHERE l.tenant_id = e.tenant_id AND l.entry_id = e.id AND l.entry_date <> e.entry_date)
    INTO entry_number, difference, line_count, other_days
    FROM journal_entries e WHERE e.tenant_id = target_tenant AND e.id = target_entry;
  IF difference <> 0 OR line_count < 2 OR other_days > 0 THEN
    RAISE EXCEPTION 'Journal entry % does not balance: debits − credits = % over % lines', entry_number, difference, line_count
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_balances';
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balance AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_private.check_journal_entry_balances();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balance AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_private.check_journal_entry_balances();
--> statement-breakpoint
-- Nothing is posted on or before the lock date (the service says so first, in words).
CREATE OR REPLACE FUNCTION app_private.refuse_locked_period() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  locked_until date;
BEGIN
  SELECT s.lock_date INTO locked_until FROM accounting_settings s WHERE s.tenant_id = NEW.tenant_id;
  IF locked_until IS NOT NULL AND NEW.entry_date <= locked_until THEN
    RAISE EXCEPTION 'The books are locked up to %', locked_until USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_lock_date';
  END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_lock_date BEFORE INSERT ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION app_private.refuse_locked_period();
