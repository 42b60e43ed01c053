import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statementEmailResultSchema, statementSchema, type StatementSide } from '../../core/statements/statement.schemas';
import { apiRequest } from '../lib/api-client';

// Statements' queries and requests (server/statements/statements.routes.ts).

export interface StatementParams {
  side?: StatementSide | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** `?side=…&from=…&to=…` from the defined values only (plus any extra, such as the PDF's language). */
export function statementQueryString(params: StatementParams & { language?: string }): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const statementPath = (contactId: string) => `/api/contacts/${encodeURIComponent(contactId)}/statement`;

export function useStatement(contactId: string, params: StatementParams) {
  return useQuery({
    queryKey: ['statements', contactId, params],
    queryFn: () => apiRequest(`${statementPath(contactId)}${statementQueryString(params)}`, { schema: statementSchema }),
    placeholderData: keepPreviousData,
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && Number(error.status) >= 400 && Number(error.status) < 500),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the statement failed' },
  });
}

export function sendStatementEmail(contactId: string, body: StatementParams & { email: string; language?: string | undefined }) {
  return apiRequest(`${statementPath(contactId)}/email`, { method: 'POST', body, schema: statementEmailResultSchema });
}
