import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { mayWorkAt } from '../../core/team/permissions.rules';
import { HttpError } from '../http/errors';

// Location access on the server (issue 20, docs/decisions/0024-permissions-and-team.md): a member
// limited to some locations lists the documents and figures of those only, and a document or a
// location elsewhere does not exist for them (404). `mayWorkAt` is the one check; these are its
// forms for a query and for a refusal.

/** Where a person may work: their locations, or null for every location (absent: a job or the system). */
export interface Workplaces {
  locationIds?: readonly string[] | null;
}

/** The person's locations as a condition on a location column; undefined when they work everywhere. */
export function atWorkplaces(column: SQLWrapper, who: Workplaces): SQL | undefined {
  return who.locationIds ? inArray(column, [...who.locationIds]) : undefined;
}

/** The same condition as a clause of hand-written SQL: `and …`, or nothing. */
export function andAtWorkplaces(column: SQL, who: Workplaces): SQL {
  const condition = atWorkplaces(column, who);
  return condition ? sql`and ${condition}` : sql``;
}

/** 404 on the field when the person may not work at the location: for them it does not exist. */
export function requireWorkplace(who: Workplaces, locationId: string, field: string): void {
  if (!mayWorkAt(who.locationIds, locationId)) {
    throw new HttpError('not_found', /*i18n*/ 'Location not found', { [field]: [/*i18n*/ 'Location not found'] });
  }
}
