import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  billingOverviewSchema,
  checkoutResponseSchema,
  entitlementsResponseSchema,
  startCheckoutSchema,
  verifyPaymentResponseSchema,
  verifyPaymentSchema,
} from '../../core/billing/billing.schemas';
import { requireTrustedOrigin } from '../http/public-origin';
import { tenantRoute } from '../http/routes';
import { getBillingOverview, getEntitlements, startCheckout, syncSubscription, verifyAndApply } from './billing.service';
import { errorResponse, jsonBody, jsonResponse } from '../http/openapi-helpers';


// Billing answers even when the subscription has lapsed: that is how a shop pays its way back in.

export const billingRoutes = [
  tenantRoute(
    { permission: 'member', allowWithoutSubscription: true },
    createRoute({
      method: 'get',
      path: '/api/billing/entitlements',
      tags: ['billing'],
      summary: "This shop's plan features, limits, access and gate (what the app mirrors)",
      responses: { 200: jsonResponse(entitlementsResponseSchema, 'Entitlements') },
    }),
    async (c) => c.json(await c.var.deps.database.withTenant(c.var.tenantId, getEntitlements), 200),
  ),
  tenantRoute(
    { permission: 'billing.manage', allowWithoutSubscription: true },
    createRoute({
      method: 'get',
      path: '/api/billing',
      tags: ['billing'],
      summary: 'The Billing tab: subscription, plans at this shop’s prices, the 10 newest payments',
      responses: { 200: jsonResponse(billingOverviewSchema, 'Billing overview') },
    }),
    async (c) => c.json(await getBillingOverview(c.var.deps, c.var.tenantId), 200),
  ),
  tenantRoute(
    { permission: 'billing.manage', allowWithoutSubscription: true },
    createRoute({
      method: 'post',
      path: '/api/billing/checkout',
      tags: ['billing'],
      summary: "Start paying for a plan: returns the provider's payment page",
      request: jsonBody(startCheckoutSchema),
      responses: {
        200: jsonResponse(checkoutResponseSchema, 'Open authorizationUrl in a new tab'),
        503: errorResponse('Failed to initiate checkout, or payments_not_configured: this server takes no payments'),
      },
    }),
    async (c) => {
      const { planId, isSignup } = c.req.valid('json');
      const principal = c.var.principal;
      const checkout = await startCheckout(c.var.deps, {
        tenantId: c.var.tenantId,
        planId,
        isSignup,
        email: principal.email,
        userId: principal.userId,
        origin: await requireTrustedOrigin(c),
      });
      return c.json(checkout, 200);
    },
  ),
  tenantRoute(
    { permission: 'billing.manage', allowWithoutSubscription: true },
    createRoute({
      method: 'post',
      path: '/api/billing/verify',
      tags: ['billing'],
      summary: 'Verify a payment on return from checkout and apply it (idempotent)',
      request: jsonBody(verifyPaymentSchema),
      responses: { 200: jsonResponse(verifyPaymentResponseSchema, 'Payment status'), 404: errorResponse('Not this shop’s payment') },
    }),
    async (c) => {
      const { result } = await verifyAndApply(c.var.deps, c.req.valid('json').reference, c.var.tenantId);
      const entitlements = await c.var.deps.database.withTenant(c.var.tenantId, getEntitlements);
      const status = result === 'already_completed' ? 'completed' : result;
      return c.json({ status, subscription: entitlements.subscription }, 200);
    },
  ),
  tenantRoute(
    { permission: 'billing.manage', allowWithoutSubscription: true },
    createRoute({
      method: 'post',
      path: '/api/billing/sync',
      tags: ['billing'],
      summary: 'Spec §7 manual_sync_subscription_status: recompute the subscription from completed payments',
      responses: { 200: jsonResponse(z.object({ synced: z.boolean() }), 'Synced') },
    }),
    async (c) => c.json({ synced: await syncSubscription(c.var.deps, c.var.tenantId) }, 200),
  ),
];
