import { createRoute } from '@hono/zod-openapi';
import { approvalPinInputSchema, approvalPinStatusSchema, approvalRequestSchema, approvalSchema } from '../../core/sales/sales.schemas';
import { HttpError } from '../http/errors';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { countAttempt, type RateLimitRule } from '../http/rate-limit';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { grantApproval, readPinStatus, removePin, setPin } from './approvals.service';

// Approvals at the register (issue 15). The cashier's screen asks (sales.sell); a member holding
// sales.approve (issue 20) types their e-mail and password or PIN there, and sets their own PIN.

/** A manager's own PIN is part of their profile, which opens behind the subscription gate too. */

/**
 * Wrong credentials only count (a right one takes its attempt back): per asking person, so one
 * till cannot guess at length, and per approver e-mail, so no one manager's password or PIN is
 * guessed from many tills. Counted before the check, so concurrent guesses cannot slip past.
 */
export const APPROVAL_LIMITS = {
  perRequester: {
    name: 'approval:requester',
    max: 20,
    windowSeconds: 15 * 60,
    message: /*i18n*/ 'Too many wrong approvals. Try again in {seconds} seconds.',
  },
  perApprover: {
    name: 'approval:approver',
    max: 10,
    windowSeconds: 15 * 60,
    message: /*i18n*/ 'Too many wrong approvals. Try again in {seconds} seconds.',
  },
  pinPassword: {
    name: 'approval-pin:password',
    max: 10,
    windowSeconds: 15 * 60,
    message: /*i18n*/ 'Too many wrong passwords. Try again in {seconds} seconds.',
  },
} satisfies Record<string, RateLimitRule>;

/** Runs a credential check, counting it against the limits unless it succeeds or fails for another reason. */
async function limitedCheck<T>(
  database: Parameters<typeof countAttempt>[0],
  counters: Parameters<typeof countAttempt>[1],
  countsAsMiss: (error: HttpError) => boolean,
  check: () => Promise<T>,
): Promise<T> {
  const attempt = await countAttempt(database, counters);
  try {
    const result = await check();
    await attempt.release();
    return result;
  } catch (error) {
    if (!(error instanceof HttpError && countsAsMiss(error))) await attempt.release();
    throw error;
  }
}

const planResponse = errorResponse('The plan lacks basic_pos');
const pinStatusResponse = jsonResponse(approvalPinStatusSchema, 'Whether a PIN is set');

export const approvalRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'sales.sell', feature: 'basic_pos' },
    createRoute({
      method: 'post',
      path: '/api/approvals',
      tags: ['approvals'],
      summary: 'A manager’s approval given at this register with their e-mail and password or PIN; used once, within 10 minutes',
      request: jsonBody(approvalRequestSchema),
      responses: {
        201: jsonResponse(approvalSchema, 'The approval, to send with the document that needs it'),
        400: errorResponse('Invalid input, with a message per field'),
        402: planResponse,
        404: errorResponse('No such register in this shop'),
        422: errorResponse('approval_refused: the e-mail, password or PIN is not right, or the PIN is locked'),
        429: errorResponse('Too many wrong approvals'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const requester = { tenantId: c.var.tenantId, userId: c.var.principal.userId };
      const approval = await limitedCheck(
        c.var.deps.database,
        [
          { rule: APPROVAL_LIMITS.perRequester, subject: requester.userId },
          { rule: APPROVAL_LIMITS.perApprover, subject: `${requester.tenantId}:${input.email}` },
        ],
        (error) => error.code === 'approval_refused',
        () => grantApproval(c.var.deps, requester, input),
      );
      return c.json(approval, 201);
    },
  ),
  tenantRoute(
    { permission: 'sales.approve', feature: 'basic_pos', allowWithoutSubscription: true },
    createRoute({
      method: 'get',
      path: '/api/approval-pin',
      tags: ['approvals'],
      summary: 'Whether the signed-in manager has an approval PIN in this shop',
      responses: { 200: pinStatusResponse, 402: planResponse },
    }),
    async (c) => c.json(await readPinStatus(c.var.deps.database, c.var.tenantId, c.var.principal.userId), 200),
  ),
  tenantRoute(
    { permission: 'sales.approve', feature: 'basic_pos', allowWithoutSubscription: true },
    createRoute({
      method: 'put',
      path: '/api/approval-pin',
      tags: ['approvals'],
      summary: 'Set or replace one’s own approval PIN (4 to 6 digits), proven by one’s account password',
      request: jsonBody(approvalPinInputSchema),
      responses: {
        200: pinStatusResponse,
        400: errorResponse('Invalid input or a wrong current password, with a message per field'),
        402: planResponse,
        429: errorResponse('Too many wrong passwords'),
      },
    }),
    async (c) => {
      const userId = c.var.principal.userId;
      const status = await limitedCheck(
        c.var.deps.database,
        [{ rule: APPROVAL_LIMITS.pinPassword, subject: userId }],
        (error) => error.fields?.currentPassword !== undefined,
        () => setPin(c.var.deps, c.var.tenantId, userId, c.req.valid('json')),
      );
      return c.json(status, 200);
    },
  ),
  tenantRoute(
    { permission: 'sales.approve', feature: 'basic_pos', allowWithoutSubscription: true },
    createRoute({
      method: 'delete',
      path: '/api/approval-pin',
      tags: ['approvals'],
      summary: 'Remove one’s own approval PIN in this shop (approvals by password still work)',
      responses: { 204: { description: 'Removed (or there was none)' }, 402: planResponse },
    }),
    async (c) => {
      await removePin(c.var.deps.database, c.var.tenantId, c.var.principal.userId);
      return c.body(null, 204);
    },
  ),
];
