import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { statementFileName } from '../../core/statements/statement.rules';
import { statementEmailInputSchema, statementEmailResultSchema, statementQuerySchema, statementSchema } from '../../core/statements/statement.schemas';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { languageHints } from '../http/request-meta';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { emailLanguage } from '../i18n/email-language';
import { emailStatement } from './statement-email';
import { renderStatementPdf } from './statement.pdf';
import { contactStatement } from './statement.service';

// Statements (issue 14): a contact's account for a period — JSON for the screen, an A4 PDF, and the
// PDF sent by e-mail. Anyone at the till may look a statement up; sending one is a manager's call.

const idParams = { params: z.object({ id: z.uuid({ message: /*i18n*/ 'Not a valid id' }) }) };
const notFoundResponse = errorResponse('Contact not found (or another shop’s)');
const invalidResponse = errorResponse('Invalid side or dates, with a message per field');

export const statementRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'accounts.collect' },
    createRoute({
      method: 'get',
      path: '/api/contacts/{id}/statement',
      tags: ['statements'],
      summary: 'A contact’s statement: opening balance, entries with running balance, closing balance and aging (dates in the shop’s time zone; default this month)',
      request: { ...idParams, query: statementQuerySchema },
      responses: { 200: jsonResponse(statementSchema, 'The statement'), 400: invalidResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await contactStatement(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'accounts.collect' },
    createRoute({
      method: 'get',
      path: '/api/contacts/{id}/statement.pdf',
      tags: ['statements'],
      summary: 'The same statement as an A4 PDF (in `language`, else the viewer’s)',
      request: { ...idParams, query: statementQuerySchema },
      responses: { 200: { description: 'PDF file', content: { 'application/pdf': { schema: z.string() } } }, 400: invalidResponse, 404: notFoundResponse },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const statement = await contactStatement(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, query);
      const language = query.language ?? (await emailLanguage(c.var.deps.database, { userId: c.var.principal.userId }, languageHints(c, c.var.tenantId)));
      const pdf = await renderStatementPdf(statement, c.var.deps.i18n.of(language));
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${statementFileName(statement.contact.name, statement)}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  ),
  tenantRoute(
    { permission: 'accounts.adjust' },
    createRoute({
      method: 'post',
      path: '/api/contacts/{id}/statement/email',
      tags: ['statements'],
      summary: 'E-mail the statement as a PDF (to `email`, else the contact’s address), in the recipient’s language',
      request: { ...idParams, ...jsonBody(statementEmailInputSchema) },
      responses: { 202: jsonResponse(statementEmailResultSchema, 'Handed to the mailer'), 400: invalidResponse, 404: notFoundResponse },
    }),
    async (c) => c.json(await emailStatement(c.var.deps, c.var.tenantId, c.req.valid('param').id, c.req.valid('json')), 202),
  ),
];
