-- Journal lines are checked once per statement that adds them, not once per line at commit
-- (docs/decisions/0020-the-general-ledger.md): every entry the statement added lines to must
-- balance over at least two lines, all on the entry's day, when the statement ends. A posting
-- writes an entry and all its lines in one statement, so this is the same rule checked once
-- instead of once per line; a line added to an entry later must keep it balanced by itself. The
-- entry's own deferred check (journal_entries_balance) still refuses, at commit, an entry left
-- without lines.
DROP TRIGGER journal_lines_balance ON journal_lines;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_private.check_journal_lines_balance() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  lopsided record;
BEGIN
  SELECT e.number, sum(l.debit_minor - l.credit_minor) AS difference, count(*) AS line_count
    INTO lopsided
    FROM journal_entries e JOIN journal_lines l ON l.tenant_id = e.tenant_id AND l.entry_id = e.id
    WHERE (e.tenant_id, e.id) IN (SELECT DISTINCT n.tenant_id, n.entry_id FROM new_lines n)
    GROUP BY e.tenant_id, e.id, e.number
    HAVING sum(l.debit_minor - l.credit_minor) <> 0 OR count(*) < 2 OR bool_or(l.entry_date <> e.entry_date)
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Journal entry % does not balance: debits − credits = % over % lines', lopsided.number, lopsided.difference, lopsided.line_count
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_balances';
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_balance AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION app_private.check_journal_lines_balance();
