-- Every location has a register (issue 15): shops created before the register existed get one
-- "Till 1" per location, with receipt prefixes T1, T2… unique in the shop (the default location first).
-- New locations and new shops get theirs in the transaction that creates them (server/registers).
INSERT INTO registers (tenant_id, location_id, name, receipt_prefix)
SELECT l.tenant_id, l.id, 'Till 1',
       'T' || (row_number() OVER (PARTITION BY l.tenant_id ORDER BY l.is_default DESC, l.created_at, l.id)
               + (SELECT count(*) FROM registers r WHERE r.tenant_id = l.tenant_id))
FROM locations l
WHERE NOT EXISTS (SELECT 1 FROM registers r WHERE r.tenant_id = l.tenant_id AND r.location_id = l.id)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A closed shift is history: its count, over/short, Z number and Z report never change.
CREATE OR REPLACE FUNCTION app_private.refuse_closed_shift_change() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'shift % is closed and cannot change', OLD.id USING ERRCODE = 'check_violation';
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER shifts_closed_immutable BEFORE UPDATE ON shifts
FOR EACH ROW WHEN (OLD.status = 'closed') EXECUTE FUNCTION app_private.refuse_closed_shift_change();
