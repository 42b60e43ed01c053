import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  commissionDetailSchema,
  commissionPayoutInputSchema,
  commissionPayoutListSchema,
  commissionPayoutSchema,
  commissionPeriodSchema,
  commissionRateInputSchema,
  commissionRateListSchema,
  commissionRateSchema,
  commissionReportSchema,
  commissionStaffSchema,
} from '../../core/commissions/commissions.schemas';
import type { Context } from 'hono';
import type { AppEnv } from '../http/context';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { commissionDetail, commissionReport, listPayouts, listRates, listStaff, recordPayout, removeRate, setRate } from './commissions.service';

// Commissions (issue 20, plan feature commission_tracking): the people who manage the team set
// the rates, read the report and mark payouts.

const manager = { permission: 'team.manage', feature: 'commission_tracking' } as const;
const planResponse = errorResponse('The plan lacks commission tracking');
const actorOf = (c: Context<AppEnv>) => ({ tenantId: c.var.tenantId, userId: c.var.principal.userId });

export const commissionRoutes: RouteDefinition[] = [
  tenantRoute(
    manager,
    createRoute({
      method: 'get',
      path: '/api/commissions/staff',
      tags: ['commissions'],
      summary: 'The shop’s members by name (whom rates and payouts are for)',
      responses: { 200: jsonResponse(commissionStaffSchema, 'Members'), 402: planResponse },
    }),
    async (c) => c.json({ items: await listStaff(c.var.deps.database, c.var.tenantId) }, 200),
  ),
  tenantRoute(
    manager,
    createRoute({
      method: 'get',
      path: '/api/commission-rates',
      tags: ['commissions'],
      summary: 'The commission rates: per person or everyone, per product, category or by default',
      responses: { 200: jsonResponse(commissionRateListSchema, 'Rates'), 402: planResponse },
    }),
    async (c) => c.json({ items: await listRates(c.var.deps.database, c.var.tenantId) }, 200),
  ),
  tenantRoute(
    manager,
    createRoute({
      method: 'put',
      path: '/api/commission-rates',
      tags: ['commissions'],
      summary: 'Set the rate for a target (person or everyone × product, category or default); replaces that target’s rate; audited',
      request: jsonBody(commissionRateInputSchema),
      responses: { 200: jsonResponse(commissionRateSchema, 'The rate'), 400: errorResponse('Invalid input, with a message per field'), 402: planResponse },
    }),
    async (c) => c.json(await setRate(c.var.deps.database, actorOf(c), c.req.valid('json')), 200),
  ),
  tenantRoute(
    manager,
    createRoute({
      method: 'delete',
      path: '/api/commission-rates/{id}',
      tags: ['commissions'],
      summary: 'Remove a rate (the next less specific one applies); audited',
      request: { params: z.object({ id: z.uuid() }) },
      responses: { 204: { description: 'Removed' }, 404: errorResponse('No such rate'), 402: planResponse },
    }),
    async (c) => {
      await removeRate(c.var.deps.database, actorOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
  ),
  tenantRoute(
    manager,
    createRoute({
      method: 'get',
      path: '/api/commissions/report',
      tags: ['commissions'],
      summary: 'Per person for a period of the shop’s days: sales and returns net of VAT, commission, and the payout that locks it',
      request: { query: commissionPeriodSchema },
      responses: { 200: jsonResponse(commissionReportSchema, 'The report'), 400: errorResponse('Invalid period'), 402: planResponse },
    }),
    async (c) => c.json(await commissionReport(c.var.deps.database, c.var.tenantId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    manager,
    createRoute({
      method: 'get',
      path: '/api/commissions/report/{userId}',
      tags: ['commissions'],
      summary: 'One person’s sales and returns in the period with each one’s commission (the drill-down)',
      request: { params: z.object({ userId: z.uuid() }), query: commissionPeriodSchema },
      responses: { 200: jsonResponse(commissionDetailSchema, 'The documents'), 400: errorResponse('Invalid period'), 402: planResponse },
    }),
    async (c) => c.json(await commissionDetail(c.var.deps.database, c.var.tenantId, c.req.valid('param').userId, c.req.valid('query')), 200),
  ),
  tenantRoute(
    manager,
    createRoute({
      method: 'get',
      path: '/api/commission-payouts',
      tags: ['commissions'],
      summary: 'Payouts, latest period first, of one person or everyone',
      request: { query: z.object({ userId: z.uuid().optional() }) },
      responses: { 200: jsonResponse(commissionPayoutListSchema, 'Payouts'), 402: planResponse },
    }),
    async (c) => c.json({ items: await listPayouts(c.var.deps.database, c.var.tenantId, c.req.valid('query').userId ?? null) }, 200),
  ),
  tenantRoute(
    manager,
    createRoute({
      method: 'post',
      path: '/api/commission-payouts',
      tags: ['commissions'],
      summary: 'Mark a person’s commission for a period as paid (figures as computed now; the period is then locked); a retry with the same id answers the first; audited',
      request: jsonBody(commissionPayoutInputSchema),
      responses: {
        201: jsonResponse(commissionPayoutSchema, 'The payout'),
        200: jsonResponse(commissionPayoutSchema, 'The same payout, already recorded'),
        400: errorResponse('Invalid input, with a message per field'),
        402: planResponse,
        409: errorResponse('Part of the period is already paid, or the id was used for another payout'),
      },
    }),
    async (c) => {
      const { payout, replayed } = await recordPayout(c.var.deps.database, actorOf(c), c.req.valid('json'));
      return c.json(payout, replayed ? 200 : 201);
    },
  ),
];
