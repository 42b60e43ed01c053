import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  cashMovementInputSchema,
  cashMovementSchema,
  closeShiftInputSchema,
  openShiftInputSchema,
  registerInputSchema,
  registerListSchema,
  registerSchema,
  registerUpdateSchema,
  salesSettingsInputSchema,
  salesSettingsSchema,
  shiftListQuerySchema,
  shiftListSchema,
  shiftReportSchema,
  shiftSchema,
} from '../../core/sales/sales.schemas';
import { hasPermission, mayWorkAt } from '../../core/team/permissions.rules';
import type { AppEnv } from '../http/context';
import { readIdempotencyKey } from '../http/idempotency';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { tenantRoute, type RouteDefinition } from '../http/routes';
import { createRegister, listRegisters, updateRegister } from './registers.service';
import { getSalesSettings, updateSalesSettings } from './sales-settings.service';
import { addCashMovement, closeShift, getCurrentShift, getShift, listShifts, openShift, readShiftReport, type ShiftViewer } from './shifts.service';

// Registers, shifts and the sales settings (issue 15). Cashiers open, work and close their shifts
// and read their reports; those who approve at the register see every shift; owners set up
// registers and the settings; everyone only at the locations they may work at (issue 20).
// Handlers parse and call one service function.

const idParams = { params: z.object({ id: z.uuid() }) };

const notFoundResponse = errorResponse('Not found (or another shop’s, or another cashier’s shift)');
const invalidResponse = errorResponse('Invalid input, with a message per field');
const keyReusedResponse = errorResponse('Idempotency-Key reused for another request');

const registerListQuerySchema = z.object({
  all: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
const currentShiftQuerySchema = z.object({ registerId: z.uuid({ message: /*i18n*/ 'Choose a register' }) });

function viewerOf(c: Context<AppEnv>): ShiftViewer {
  const { permissions, locationIds } = c.var.memberAccess;
  return { tenantId: c.var.tenantId, userId: c.var.principal.userId, permissions, locationIds };
}

function authorOf(c: Context<AppEnv>) {
  return { ...viewerOf(c), requestKey: readIdempotencyKey(c) };
}

const registerRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'sales.sell' },
    createRoute({
      method: 'get',
      path: '/api/registers',
      tags: ['registers'],
      summary: 'Open registers at open locations with their open shift (?all=true: every register, for those who manage the settings)',
      request: { query: registerListQuerySchema },
      responses: { 200: jsonResponse(registerListSchema, 'Registers, the default location’s first') },
    }),
    async (c) => {
      // Registers out of use are set up (or back in use) in the settings.
      const all = c.req.valid('query').all && hasPermission(c.var.memberAccess, 'settings.manage');
      const items = await listRegisters(c.var.deps.database, c.var.tenantId, { all });
      // A member limited to some locations sees (and can open) only their registers (issue 20).
      return c.json({ items: items.filter((register) => mayWorkAt(c.var.memberAccess.locationIds, register.locationId)) }, 200);
    },
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'post',
      path: '/api/registers',
      tags: ['registers'],
      summary: 'Add a register at an open location (Idempotency-Key)',
      request: jsonBody(registerInputSchema),
      responses: {
        201: jsonResponse(registerSchema, 'The new register'),
        400: invalidResponse,
        404: errorResponse('No such location'),
        409: errorResponse('The location is closed, or the name or receipt prefix is taken'),
        422: keyReusedResponse,
      },
    }),
    async (c) => c.json(await createRegister(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'patch',
      path: '/api/registers/{id}',
      tags: ['registers'],
      summary: 'Rename, change the receipt prefix, close (no open shift) or reopen (open location)',
      request: { ...idParams, ...jsonBody(registerUpdateSchema) },
      responses: {
        200: jsonResponse(registerSchema, 'The register'),
        400: invalidResponse,
        404: notFoundResponse,
        409: errorResponse('Open shift, closed location, or the name or prefix is taken'),
      },
    }),
    async (c) => c.json(await updateRegister(c.var.deps.database, c.var.tenantId, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
];

const settingsRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'member' },
    createRoute({
      method: 'get',
      path: '/api/sales-settings',
      tags: ['registers'],
      summary: 'The register rules: discount limit, over/short tolerance, return window, blind close, receipt width',
      responses: { 200: jsonResponse(salesSettingsSchema, 'The sales settings') },
    }),
    async (c) => c.json(await getSalesSettings(c.var.deps.database, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'settings.manage' },
    createRoute({
      method: 'put',
      path: '/api/sales-settings',
      tags: ['registers'],
      summary: 'Set the register rules',
      request: jsonBody(salesSettingsInputSchema),
      responses: { 200: jsonResponse(salesSettingsSchema, 'The sales settings'), 400: invalidResponse },
    }),
    async (c) => c.json(await updateSalesSettings(c.var.deps.database, c.var.tenantId, c.req.valid('json'), c.var.principal.userId), 200),
  ),
];

const shiftRoutes: RouteDefinition[] = [
  tenantRoute(
    { permission: 'shifts.open_close' },
    createRoute({
      method: 'post',
      path: '/api/shifts',
      tags: ['shifts'],
      summary: 'Open a shift on a register with the counted float (one open shift per register; Idempotency-Key)',
      request: jsonBody(openShiftInputSchema),
      responses: {
        201: jsonResponse(shiftSchema, 'The open shift'),
        400: invalidResponse,
        404: errorResponse('No such register'),
        409: errorResponse('The register already has an open shift, or is closed'),
        422: keyReusedResponse,
      },
    }),
    async (c) => c.json(await openShift(c.var.deps.database, authorOf(c), c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'shifts.open_close' },
    createRoute({
      method: 'get',
      path: '/api/shifts',
      tags: ['shifts'],
      summary: 'Shifts, newest first (a cashier’s own; every shift for those who approve at the register), at the person’s locations',
      request: { query: shiftListQuerySchema },
      responses: { 200: jsonResponse(shiftListSchema, 'A page of shifts') },
    }),
    async (c) => c.json(await listShifts(c.var.deps.database, viewerOf(c), c.req.valid('query')), 200),
  ),
  tenantRoute(
    { permission: 'shifts.open_close' },
    createRoute({
      method: 'get',
      path: '/api/shifts/current',
      tags: ['shifts'],
      summary: 'The open shift of a register',
      request: { query: currentShiftQuerySchema },
      responses: { 200: jsonResponse(shiftSchema, 'The open shift'), 404: errorResponse('No shift is open on that register') },
    }),
    async (c) => c.json(await getCurrentShift(c.var.deps.database, viewerOf(c), c.req.valid('query').registerId), 200),
  ),
  tenantRoute(
    { permission: 'shifts.open_close' },
    createRoute({
      method: 'get',
      path: '/api/shifts/{id}',
      tags: ['shifts'],
      summary: 'A shift (a cashier reads their own)',
      request: idParams,
      responses: { 200: jsonResponse(shiftSchema, 'The shift'), 404: notFoundResponse },
    }),
    async (c) => c.json(await getShift(c.var.deps.database, viewerOf(c), c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'shifts.open_close' },
    createRoute({
      method: 'post',
      path: '/api/shifts/{id}/cash-movements',
      tags: ['shifts'],
      summary: 'Cash into or out of the drawer on an open shift (Idempotency-Key)',
      request: { ...idParams, ...jsonBody(cashMovementInputSchema) },
      responses: {
        201: jsonResponse(cashMovementSchema, 'The cash movement'),
        400: invalidResponse,
        404: notFoundResponse,
        409: errorResponse('The shift is closed'),
        422: keyReusedResponse,
      },
    }),
    async (c) => c.json(await addCashMovement(c.var.deps.database, authorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
  ),
  tenantRoute(
    { permission: 'shifts.open_close' },
    createRoute({
      method: 'get',
      path: '/api/shifts/{id}/report',
      tags: ['shifts'],
      summary: 'The X report of an open shift (no side effects), or the Z report of a closed one with its late sales',
      request: idParams,
      responses: { 200: jsonResponse(shiftReportSchema, 'The report'), 404: notFoundResponse },
    }),
    async (c) => c.json(await readShiftReport(c.var.deps.database, viewerOf(c), c.req.valid('param').id), 200),
  ),
  tenantRoute(
    { permission: 'shifts.open_close' },
    createRoute({
      method: 'post',
      path: '/api/shifts/{id}/close',
      tags: ['shifts'],
      summary: 'Close with the cash counted: over/short recorded as it is, the next Z number, the Z report',
      request: { ...idParams, ...jsonBody(closeShiftInputSchema) },
      responses: {
        200: jsonResponse(shiftReportSchema, 'The Z report'),
        400: invalidResponse,
        404: notFoundResponse,
        409: errorResponse('Already closed, or the over/short needs a manager’s approval (approval_required, approval_invalid)'),
      },
    }),
    async (c) => c.json(await closeShift(c.var.deps.database, viewerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  ),
];

export const registerAndShiftRoutes: RouteDefinition[] = [...registerRoutes, ...settingsRoutes, ...shiftRoutes];
